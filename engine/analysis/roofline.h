#pragma once

#include "model/devicepeaks.h"
#include "model/metricrate.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// The roofline of one problem size: each result's arithmetic intensity (its FLOP rate over its
// byte rate, both the spec's metrics, so FLOP per byte moved) against its FLOP rate, under the
// device's roofs: min(peak FLOP/s, intensity x DRAM bandwidth). A result above the DRAM roof
// moved its bytes faster than DRAM can: its data likely stayed in the L2 cache (a problem that
// fits it), so its byte metric is no DRAM figure.

// What the roofline is drawn from: which metrics, and the peaks.
struct RooflineInputs
{
    std::optional<std::size_t> flopMetric; // index in the spec's metrics; firstMetricOf(Flops)
    std::optional<std::size_t> byteMetric; // firstMetricOf(Bytes)
    MetricRate flopRate;
    MetricRate byteRate;
    DevicePeaks peaks;
};

RooflineInputs rooflineInputs(const Spec &spec, const DevicePeaks &peaks);

// What keeps the roofline from being drawn in full, one sentence each, saying how to add it;
// empty when nothing is missing. Without a metric there are no points; without a peak, points
// but not that roof.
std::vector<std::string> rooflineMissing(const RooflineInputs &inputs);

// Where a result can be placed. With both metrics, at its intensity under both roofs. With one
// (an SGEMM's GFLOP/s without a byte count, a transpose's GB/s without a FLOP count) its
// intensity is unknown, so it is placed against the one roof it has, by its rate alone: no
// position along the intensity axis is invented for it.
enum class RoofPlacement
{
    Intensity,     // both metrics
    ComputeRoof,   // a FLOP metric only: achieved FLOP/s against the FP32 peak
    BandwidthRoof, // a byte metric only: achieved bytes/s against the DRAM bandwidth
    None,          // neither: nothing to place
};

RoofPlacement roofPlacement(const RooflineInputs &inputs);
// "No byte metric: each result is placed against the compute roof by its GFLOP/s alone ...";
// empty for Intensity and None (rooflineMissing() says what None lacks).
std::string roofPlacementNote(RoofPlacement placement);

struct RooflinePoint
{
    double intensity = 0;      // FLOP per byte; NaN where one metric is missing
    double flopsPerSecond = 0; // achieved; 0 without a FLOP metric
    double bytesPerSecond = 0; // achieved; 0 without a byte metric
    bool aboveDramRoof = false;
    bool aboveComputeRoof = false;
};

// One result's point from its metrics' values (in their units), placed as roofPlacement()
// says: none when a value the placement needs is not a positive finite number (the value of a
// metric the spec lacks is ignored).
std::optional<RooflinePoint> rooflinePoint(double flopMetricValue, double byteMetricValue,
                                           const RooflineInputs &inputs);

// The attainable FLOP rate at an intensity: min(peak FLOP/s, intensity x DRAM bandwidth), or
// either roof alone where the other peak is missing; none without peaks.
std::optional<double> roofAt(double intensity, const DevicePeaks &peaks);
// Where the two roofs meet (peak FLOP/s / DRAM bandwidth); none without both peaks.
std::optional<double> ridgeIntensity(const DevicePeaks &peaks);

std::size_t countAboveDramRoof(const std::vector<RooflinePoint> &points);
// "3 results above the DRAM roof: likely L2-resident (...)"; empty for none.
std::string aboveDramRoofNote(std::size_t count);

} // namespace tb
