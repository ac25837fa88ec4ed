// The device's peaks from the driver's facts (FP32 lanes per architecture, FMA, DDR), the spec's
// peaks winning over them, and which metrics are FLOP and byte rates ("% of peak").
#include "model/devicepeaks.h"
#include "model/metricrate.h"
#include "model/spec.h"

#include <QTest>

using namespace tb;

class TestDevicePeaks : public QObject
{
    Q_OBJECT

private slots:
    void lanesPerSmFollowTheArchitecture()
    {
        QCOMPARE(fp32LanesPerSm(7, 0), 64);  // V100
        QCOMPARE(fp32LanesPerSm(7, 5), 64);  // T4
        QCOMPARE(fp32LanesPerSm(8, 0), 64);  // A100
        QCOMPARE(fp32LanesPerSm(8, 6), 128); // RTX 30
        QCOMPARE(fp32LanesPerSm(8, 9), 128); // L4, RTX 40
        QCOMPARE(fp32LanesPerSm(9, 0), 128); // H100
        QCOMPARE(fp32LanesPerSm(10, 0), 128);
        QCOMPARE(fp32LanesPerSm(12, 0), 128);
        QCOMPARE(fp32LanesPerSm(4, 2), 0); // unknown: no FLOP peak rather than a wrong one
    }

    // An H100 SXM as its driver describes it: 132 SMs at 1980 MHz, HBM3 at 2619 MHz on a
    // 5120-bit bus. NVIDIA's data sheet: 66.9 TFLOP/s FP32, 3.35 TB/s.
    void computesAnH100sPeaks()
    {
        const DevicePeaks peaks = devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
        QVERIFY(peaks.flopsPerSecond.has_value());
        QCOMPARE(*peaks.flopsPerSecond, 132.0 * 128 * 2 * 1.98e9);
        QVERIFY(std::abs(*peaks.flopsPerSecond - 66.9e12) < 0.05e12);
        QCOMPARE(*peaks.bytesPerSecond, 2.619e9 * 5120 * 2 / 8);
        QVERIFY(std::abs(*peaks.bytesPerSecond - 3.35e12) < 0.01e12);
        QCOMPARE(peaks.flopsSource, std::string(kPeakFromDevice));
        QCOMPARE(peaks.bytesSource, std::string(kPeakFromDevice));
        // A100 SXM: 108 SMs x 64 lanes at 1410 MHz = 19.5 TFLOP/s.
        const DevicePeaks a100 = devicePeaksOf({8, 0, 108, 1410000, 1215000, 5120});
        QVERIFY(std::abs(*a100.flopsPerSecond - 19.49e12) < 0.01e12);
    }

    void leavesOutAPeakWhoseFactsAreMissing()
    {
        const DevicePeaks noClock = devicePeaksOf({9, 0, 132, 0, 2619000, 5120});
        QVERIFY(!noClock.flopsPerSecond.has_value());
        QVERIFY(noClock.flopsSource.empty());
        QVERIFY(noClock.bytesPerSecond.has_value());
        const DevicePeaks unknownArch = devicePeaksOf({4, 2, 16, 1000000, 0, 384});
        QVERIFY(unknownArch.empty());
        QCOMPARE(describePeaks(unknownArch), std::string("no peaks"));
    }

    void theSpecsPeaksWin()
    {
        const DevicePeaks device = devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
        DevicePeaks spec;
        spec.bytesPerSecond = 3.0e12;
        spec.bytesSource = kPeakFromSpec;
        const DevicePeaks peaks = effectivePeaks(spec, device);
        QCOMPARE(peaks.bytesPerSecond, std::optional<double>(3.0e12));
        QCOMPARE(peaks.bytesSource, std::string(kPeakFromSpec));
        QCOMPARE(peaks.flopsPerSecond, device.flopsPerSecond); // the spec gave none
        QCOMPARE(peaks.flopsSource, std::string(kPeakFromDevice));
        QVERIFY(describePeaks(peaks).find("3 TB/s DRAM (spec)") != std::string::npos);
        QVERIFY(describePeaks(peaks).find("66.9 TFLOP/s FP32 (device)") != std::string::npos);
        QVERIFY(effectivePeaks(spec, {}).flopsPerSecond == std::nullopt); // a CPU run
    }

    void readsTheRateOfAUnit()
    {
        QCOMPARE(int(rateOfUnit("GFLOP/s").kind), int(RateKind::Flops));
        QCOMPARE(rateOfUnit("GFLOP/s").scale, 1e9);
        QCOMPARE(rateOfUnit("TFLOP/s").scale, 1e12);
        QCOMPARE(int(rateOfUnit("GB/s").kind), int(RateKind::Bytes));
        QCOMPARE(rateOfUnit("GB/s").scale, 1e9);
        QCOMPARE(rateOfUnit("GiB/s").scale, 1024.0 * 1024 * 1024);
        QCOMPARE(int(rateOfUnit("GiFLOP/s").kind), int(RateKind::None)); // binary: bytes only
        QCOMPARE(int(rateOfUnit("ms").kind), int(RateKind::None));
        QCOMPARE(int(rateOfUnit("Gb/s").kind), int(RateKind::None)); // bits are not bytes
        QCOMPARE(metricUnit({"bandwidth (GB/s)", "1", ""}), std::string("GB/s"));
        QCOMPARE(metricUnit({"throughput", "1", "TB/s"}), std::string("TB/s"));
        QCOMPARE(int(metricRate({"effective GFLOP/s", "1", ""}).kind), int(RateKind::Flops));
    }

    void picksTheMetricToJudgeAgainstItsPeak()
    {
        Spec spec;
        QVERIFY(!peakMetricIndex(spec).has_value());
        spec.metrics = {
            {"elements", "N", ""}, {"GB/s", "N/time/1e9", ""}, {"GFLOP/s", "N/time/1e9", ""}};
        QCOMPARE(peakMetricIndex(spec), std::optional<std::size_t>(2)); // a FLOP rate first
        spec.objective.metric = "GB/s";
        QCOMPARE(peakMetricIndex(spec), std::optional<std::size_t>(1)); // the objective's
        spec.objective.metric = "elements";
        QCOMPARE(peakMetricIndex(spec), std::optional<std::size_t>(2));
        QCOMPARE(firstMetricOf(spec, RateKind::Bytes), std::optional<std::size_t>(1));
    }

    void sharesOfThePeak()
    {
        DevicePeaks peaks;
        peaks.bytesPerSecond = 2e12;
        QCOMPARE(shareOfPeak(1500, rateOfUnit("GB/s"), peaks), std::optional<double>(0.75));
        QCOMPARE(shareOfPeak(3.5, rateOfUnit("TB/s"), peaks), std::optional<double>(1.75));
        QVERIFY(!shareOfPeak(100, rateOfUnit("GFLOP/s"), peaks).has_value()); // no FLOP peak
        QVERIFY(!shareOfPeak(100, rateOfUnit("ms"), peaks).has_value());
        QVERIFY(!shareOfPeak(std::nan(""), rateOfUnit("GB/s"), peaks).has_value());
    }
};

QTEST_GUILESS_MAIN(TestDevicePeaks)
#include "tst_devicepeaks.moc"
