// measurementCaveats: the sentences that mark a result measured while the GPU slowed down or at
// a clock other than NVML's (the figures come from the CUDA backend: GpuClockMonitor,
// SmClockProbe).
#include "model/measurementcaveats.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace tb;

class TestMeasurementCaveats : public QObject
{
    Q_OBJECT

private slots:
    void nothingToSayForACleanMeasurement()
    {
        Result clean;
        clean.resources = {{"throttled", 0},
                           {"throttle_reasons", 1},
                           {"clock_mismatch", 0},
                           {"sm_clock_mhz", 1980},
                           {"sm_clock_effective_mhz", 1980.1}};
        QVERIFY(measurementCaveats(clean).empty());
        QVERIFY(measurementCaveats(Result{}).empty()); // a CPU result has none of the figures
    }

    void namesTheSlowdownReasons()
    {
        Result throttled;
        throttled.resources = {{"throttled", 1}, {"throttle_reasons", 0x44}};
        const auto caveats = measurementCaveats(throttled);
        QCOMPARE(caveats.size(), std::size_t(1));
        QCOMPARE(caveats[0], std::string("measured while the GPU slowed down (NVML clocks-event "
                                         "reasons 0x44)"));
    }

    void givesBothClocksOfAMismatch()
    {
        Result mismatch;
        mismatch.resources = {{"throttled", 1},
                              {"throttle_reasons", 0x4},
                              {"clock_mismatch", 1},
                              {"sm_clock_mhz", 1980},
                              {"sm_clock_effective_mhz", 1994.6}};
        const auto caveats = measurementCaveats(mismatch);
        QCOMPARE(caveats.size(), std::size_t(2));
        QCOMPARE(caveats[1], std::string("timed at 1994.6 MHz by the GPU's own timer while NVML "
                                         "reported 1980 MHz: compare it only with results timed "
                                         "at the same clock"));
    }

    // A busy machine, by either figure of the CPU backend: other processes' CPUs, or the share
    // of the time some task waited for a CPU. Below both thresholds it is not busy.
    void tellsABusyHost()
    {
        const auto measured = [](double load, double pressure) {
            Result result;
            result.resources = {{"other_cpu_load", load}, {"cpu_pressure", pressure}};
            return result;
        };
        QVERIFY(!measuredOnBusyHost(Result{}));
        QVERIFY(!measuredOnBusyHost(measured(0.4, 0.4)));
        QVERIFY(measuredOnBusyHost(measured(1.8, 0)));
        QVERIFY(measuredOnBusyHost(measured(0, 0.97)));
        QCOMPARE(busyHostReason(measured(1.8, 0.97)),
                 std::string("other processes kept 1.8 CPUs busy"));
        QCOMPARE(busyHostReason(measured(0, 0.97)),
                 std::string("tasks waited for a CPU 97% of the time"));
        QVERIFY(busyHostReason(measured(0.4, 0.4)).empty());
        const auto caveats = measurementCaveats(measured(0, 0.97));
        QCOMPARE(caveats.size(), std::size_t(1));
        QCOMPARE(caveats[0], std::string("measured while tasks waited for a CPU 97% of the time: "
                                         "the machine had more work than CPUs, so the kernel may "
                                         "have shared its core"));
        QVERIFY(measurementCaveats(measured(0.4, 0.4)).empty());
        // The measuring thread lost its own CPU: busy, whatever the rest of the machine did.
        Result waited;
        waited.resources = {{"cpu_wait", 0.45}};
        QVERIFY(measuredWithoutItsCpu(waited));
        QVERIFY(measuredOnBusyHost(waited));
        QCOMPARE(busyHostReason(waited),
                 std::string("the measuring thread waited for its CPU 45% of the time"));
        QCOMPARE(measurementCaveats(waited).at(0),
                 std::string("the measuring thread waited for its CPU 45% of the time: another "
                             "process ran on its core, so its samples read slower"));
        waited.resources = {{"cpu_wait", 0.05}};
        QVERIFY(!measuredOnBusyHost(waited));
    }

    // A median known only to +-88% or +-342% is a rough time, said as a caveat; a narrow
    // interval, one too few samples bound, and a failure are not (issue 34, item 14).
    void flagsAWideConfidenceInterval()
    {
        const auto timed = [](double halfWidth) {
            Result result;
            result.summary.median = 2e-3;
            result.summary.count = 5;
            result.summary.relativeHalfWidth = halfWidth;
            return result;
        };
        const auto wide = measurementCaveats(timed(0.88));
        QCOMPARE(wide.size(), std::size_t(1));
        QVERIFY2(wide[0].find("+-88%") != std::string::npos, wide[0].c_str());
        QVERIFY2(wide[0].find("measure it longer") != std::string::npos, wide[0].c_str());
        QCOMPARE(wideConfidenceHalfWidth(timed(0.88)), 0.88);

        Result hopeless = timed(3.42);
        hopeless.resources[figures::kStoppedEarlyAboveSeconds] = 1.5e-3;
        const auto early = measurementCaveats(hopeless);
        QCOMPARE(early.size(), std::size_t(1));
        QVERIFY2(early[0].find("+-342%") != std::string::npos, early[0].c_str());
        QVERIFY2(early[0].find("stopped early") != std::string::npos, early[0].c_str());

        QVERIFY(measurementCaveats(timed(kWideConfidenceCaveat)).empty());
        QVERIFY(measurementCaveats(timed(0.02)).empty());
        QVERIFY(measurementCaveats(timed(std::numeric_limits<double>::max())).empty());
        QVERIFY(measurementCaveats(timed(std::nan(""))).empty());
        Result failed = timed(0.88);
        failed.status = ResultStatus::Timeout;
        QVERIFY(measurementCaveats(failed).empty());
        Result untimed = timed(0.88);
        untimed.summary.count = 0; // compiled, never timed
        QVERIFY(measurementCaveats(untimed).empty());
    }

    // 1980 and 1995 MHz are two steps of an H100's clock; 1979.4 and 1980.1 the same one.
    void tellsClockStepsApart()
    {
        QVERIFY(atDifferentClockSteps({1980.1, 1994.6}));
        QVERIFY(atDifferentClockSteps({1994.6, 0, 1979.4})); // 0: a round without a clock
        QVERIFY(!atDifferentClockSteps({1979.4, 1980.1, 1980.0}));
        QVERIFY(!atDifferentClockSteps({0, 1994.6}));
        QVERIFY(!atDifferentClockSteps({}));
    }

    // The step is the same figure whichever clock comes first, and 0 within one step.
    void measuresTheClockStepFromTheSlowestClock()
    {
        const double step = 1994.6 / 1980.1 - 1;
        QVERIFY(std::fabs(clockStepBetween({1980.1, 1994.6}) - step) < 1e-12);
        QVERIFY(std::fabs(clockStepBetween({1994.6, 0, 1980.1}) - step) < 1e-12);
        QCOMPARE(clockStepBetween({1979.4, 1980.1}), 0.0);
        QCOMPARE(clockStepBetween({1994.6}), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestMeasurementCaveats)
#include "tst_measurementcaveats.moc"
