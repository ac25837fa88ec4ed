// The roofline's arithmetic: intensity from a result's FLOP and byte metrics, the roofs, the
// results above the DRAM roof (L2-resident sizes), and what is missing said with how to add it.
#include "analysis/roofline.h"
#include "model/spec.h"

#include <QTest>

#include <cmath>

using namespace tb;

namespace {

// An H100-like device: 66.9 TFLOP/s, 3.35 TB/s, the ridge at ~20 FLOP/byte.
DevicePeaks h100()
{
    return devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
}

Spec ratesSpec()
{
    Spec spec;
    spec.metrics = {{"elements", "N", ""}, {"GB/s", "1", ""}, {"TFLOP/s", "1", ""}};
    return spec;
}

bool mentions(const std::vector<std::string> &lines, const std::string &fragment)
{
    for (const auto &line : lines)
        if (line.find(fragment) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestRoofline : public QObject
{
    Q_OBJECT

private slots:
    void findsTheMetricsAndTheirScales()
    {
        const RooflineInputs inputs = rooflineInputs(ratesSpec(), h100());
        QCOMPARE(inputs.flopMetric, std::optional<std::size_t>(2));
        QCOMPARE(inputs.byteMetric, std::optional<std::size_t>(1));
        QCOMPARE(inputs.flopRate.scale, 1e12);
        QCOMPARE(inputs.byteRate.scale, 1e9);
        QVERIFY(rooflineMissing(inputs).empty());
    }

    void computesIntensityAndFlagsAboveTheRoofs()
    {
        const RooflineInputs inputs = rooflineInputs(ratesSpec(), h100());
        // A GEMM: 40 TFLOP/s moving 400 GB/s is 100 FLOP/byte, under the compute roof.
        const auto gemm = rooflinePoint(40, 400, inputs);
        QVERIFY(gemm.has_value());
        QCOMPARE(gemm->intensity, 100.0);
        QCOMPARE(gemm->flopsPerSecond, 40e12);
        QVERIFY(!gemm->aboveDramRoof && !gemm->aboveComputeRoof);
        // The held-out transpose at N=2048: 3,500 GB/s, above HBM's 3,350.
        const auto transpose = rooflinePoint(0.0001, 3500, inputs);
        QVERIFY(transpose->aboveDramRoof);
        QVERIFY(!transpose->aboveComputeRoof);
        QVERIFY(transpose->flopsPerSecond > *roofAt(transpose->intensity, inputs.peaks));
        const auto dram = rooflinePoint(0.0001, 3000, inputs);
        QVERIFY(!dram->aboveDramRoof);
        QCOMPARE(countAboveDramRoof({*gemm, *transpose, *dram}), std::size_t(1));
        QVERIFY(!rooflinePoint(0, 100, inputs).has_value()); // no FLOPs: no intensity
        QVERIFY(!rooflinePoint(1, std::nan(""), inputs).has_value());
    }

    void theRoofsMeetAtTheRidge()
    {
        const DevicePeaks peaks = h100();
        const double ridge = *ridgeIntensity(peaks);
        QCOMPARE(ridge, *peaks.flopsPerSecond / *peaks.bytesPerSecond);
        QCOMPARE(*roofAt(1, peaks), *peaks.bytesPerSecond);          // memory-bound: the bandwidth
        QCOMPARE(*roofAt(ridge * 10, peaks), *peaks.flopsPerSecond); // compute-bound: flat
        DevicePeaks bandwidthOnly;
        bandwidthOnly.bytesPerSecond = 1e12;
        QCOMPARE(*roofAt(4, bandwidthOnly), 4e12);
        QVERIFY(!ridgeIntensity(bandwidthOnly).has_value());
        QVERIFY(!roofAt(4, DevicePeaks()).has_value());
    }

    void saysWhatIsMissingAndHowToAddIt()
    {
        Spec spec;
        spec.metrics = {{"GFLOP/s", "1", ""}};
        const auto noBytes = rooflineMissing(rooflineInputs(spec, h100()));
        QCOMPARE(noBytes.size(), std::size_t(1));
        QVERIFY(mentions(noBytes, "add one with unit GB/s"));
        const auto cpu = rooflineMissing(rooflineInputs(ratesSpec(), DevicePeaks()));
        QCOMPARE(cpu.size(), std::size_t(2));
        QVERIFY(mentions(cpu, "\"peaks\": {\"gflops\": ...}"));
        QVERIFY(mentions(cpu, "\"peaks\": {\"gbps\": ...}"));
        QVERIFY(mentions(rooflineMissing(rooflineInputs(Spec(), h100())), "unit GFLOP/s"));
    }

    // Issue 34, item 13: an SGEMM with a FLOP metric only, a transpose with a byte metric only,
    // had no point. Each is placed against the roof it has, by its rate alone.
    void placesAResultByTheOneRateItHas()
    {
        Spec sgemm;
        sgemm.metrics = {{"TFLOP/s", "1", ""}};
        const RooflineInputs compute = rooflineInputs(sgemm, h100());
        QCOMPARE(roofPlacement(compute), RoofPlacement::ComputeRoof);
        const auto point = rooflinePoint(40, std::nan(""), compute);
        QVERIFY(point.has_value());
        QCOMPARE(point->flopsPerSecond, 40e12);
        QVERIFY(std::isnan(point->intensity)); // none invented
        QVERIFY(!point->aboveComputeRoof);
        QVERIFY(rooflinePoint(70, std::nan(""), compute)->aboveComputeRoof);
        QVERIFY(!rooflinePoint(0, 1, compute).has_value());
        QVERIFY(roofPlacementNote(RoofPlacement::ComputeRoof).find("against the compute roof") !=
                std::string::npos);

        Spec transpose;
        transpose.metrics = {{"GB/s", "1", ""}};
        const RooflineInputs bandwidth = rooflineInputs(transpose, h100());
        QCOMPARE(roofPlacement(bandwidth), RoofPlacement::BandwidthRoof);
        const auto moved = rooflinePoint(std::nan(""), 3500, bandwidth);
        QVERIFY(moved.has_value());
        QCOMPARE(moved->bytesPerSecond, 3500e9);
        QVERIFY(moved->aboveDramRoof);
        QVERIFY(
            roofPlacementNote(RoofPlacement::BandwidthRoof).find("against the bandwidth roof") !=
            std::string::npos);

        QCOMPARE(roofPlacement(rooflineInputs(Spec(), h100())), RoofPlacement::None);
        QVERIFY(!rooflinePoint(1, 1, rooflineInputs(Spec(), h100())).has_value());
        QCOMPARE(roofPlacement(rooflineInputs(ratesSpec(), h100())), RoofPlacement::Intensity);
        QVERIFY(roofPlacementNote(RoofPlacement::Intensity).empty());
    }

    void notesResultsAboveTheDramRoof()
    {
        QVERIFY(aboveDramRoofNote(0).empty());
        QCOMPARE(aboveDramRoofNote(3).rfind("3 results above the DRAM roof: likely L2-resident", 0),
                 std::size_t(0));
        QCOMPARE(aboveDramRoofNote(1).rfind("1 result above", 0), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
