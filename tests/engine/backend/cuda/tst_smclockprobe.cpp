// SmClockProbe's arithmetic and the flag it sets (the probe itself runs in every measurement of
// tst_cudabackend_gpu).
#include "backend/cuda/smclockprobe.h"

#include <QTest>

using namespace tb;

class TestSmClockProbe : public QObject
{
    Q_OBJECT

private slots:
    void cyclesOverNanosecondsIsMegahertz()
    {
        QCOMPARE(SmClockProbe::megahertz(100'000'019, 50'505'000),
                 100'000'019 * 1000.0 / 50'505'000);
        QCOMPARE(SmClockProbe::megahertz(2'000'000, 1'000'000), 2000.0);
        QCOMPARE(SmClockProbe::megahertz(2'000'000, 0), 0.0);
    }

    void flagsAClockThatIsNotNvmls()
    {
        Result agrees;
        agrees.resources["sm_clock_mhz"] = 1980;
        SmClockProbe::record(agrees, 1980.4);
        QCOMPARE(agrees.resource("sm_clock_effective_mhz").value_or(0), 1980.4);
        QCOMPARE(agrees.resource("clock_mismatch").value_or(-1), 0.0);

        // The H100 case: 1994.6 MHz by the timer while NVML said 1980 (+0.74%).
        Result faster;
        faster.resources["sm_clock_mhz"] = 1980;
        SmClockProbe::record(faster, 1994.6);
        QCOMPARE(faster.resource("clock_mismatch").value_or(-1), 1.0);

        Result slower;
        slower.resources["sm_clock_mhz"] = 1980;
        SmClockProbe::record(slower, 1965.0);
        QCOMPARE(slower.resource("clock_mismatch").value_or(-1), 1.0);
    }

    void withoutNvmlThereIsNothingToCompare()
    {
        Result noNvml;
        SmClockProbe::record(noNvml, 1980.0);
        QCOMPARE(noNvml.resource("sm_clock_effective_mhz").value_or(0), 1980.0);
        QVERIFY(!noNvml.resource("clock_mismatch").has_value());

        Result noReading;
        noReading.resources["sm_clock_mhz"] = 1980;
        SmClockProbe::record(noReading, 0);
        QVERIFY(!noReading.resource("sm_clock_effective_mhz").has_value());
        QVERIFY(!noReading.resource("clock_mismatch").has_value());
    }
};

QTEST_GUILESS_MAIN(TestSmClockProbe)
#include "tst_smclockprobe.moc"
