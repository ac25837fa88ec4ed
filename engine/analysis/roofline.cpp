#include "roofline.h"

#include "model/spec.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

RooflineInputs rooflineInputs(const Spec &spec, const DevicePeaks &peaks)
{
    RooflineInputs inputs;
    inputs.flopMetric = firstMetricOf(spec, RateKind::Flops);
    inputs.byteMetric = firstMetricOf(spec, RateKind::Bytes);
    if (inputs.flopMetric)
        inputs.flopRate = metricRate(spec.metrics[*inputs.flopMetric]);
    if (inputs.byteMetric)
        inputs.byteRate = metricRate(spec.metrics[*inputs.byteMetric]);
    inputs.peaks = peaks;
    return inputs;
}

std::vector<std::string> rooflineMissing(const RooflineInputs &inputs)
{
    std::vector<std::string> missing;
    if (!inputs.flopMetric)
        missing.push_back("The spec has no FLOP-rate metric: add one with unit GFLOP/s (e.g. "
                          "{\"name\": \"GFLOP/s\", \"expression\": \"2*N^3 / time / 1e9\"}).");
    if (!inputs.byteMetric)
        missing.push_back("The spec has no byte-rate metric: add one with unit GB/s (e.g. "
                          "{\"name\": \"GB/s\", \"expression\": \"3*4*N^2 / time / 1e9\"}): the "
                          "bytes a configuration moves give its arithmetic intensity.");
    if (!inputs.peaks.flopsPerSecond)
        missing.push_back("No FP32 peak for this run (a CPU run, or a driver that gave no "
                          "clocks): give it in the spec, \"peaks\": {\"gflops\": ...}.");
    if (!inputs.peaks.bytesPerSecond)
        missing.push_back("No DRAM bandwidth for this run: give it in the spec, \"peaks\": "
                          "{\"gbps\": ...}.");
    return missing;
}

RoofPlacement roofPlacement(const RooflineInputs &inputs)
{
    if (inputs.flopMetric && inputs.byteMetric)
        return RoofPlacement::Intensity;
    if (inputs.flopMetric)
        return RoofPlacement::ComputeRoof;
    return inputs.byteMetric ? RoofPlacement::BandwidthRoof : RoofPlacement::None;
}

std::string roofPlacementNote(RoofPlacement placement)
{
    switch (placement) {
    case RoofPlacement::ComputeRoof:
        return "No byte metric: each result is placed against the compute roof by its FLOP "
               "rate alone (its arithmetic intensity is unknown).";
    case RoofPlacement::BandwidthRoof:
        return "No FLOP metric: each result is placed against the bandwidth roof by its byte "
               "rate alone (its arithmetic intensity is unknown).";
    default:
        return {};
    }
}

namespace {

bool positive(double rate)
{
    return std::isfinite(rate) && rate > 0;
}

} // namespace

std::optional<RooflinePoint> rooflinePoint(double flopMetricValue, double byteMetricValue,
                                           const RooflineInputs &inputs)
{
    const RoofPlacement placement = roofPlacement(inputs);
    const bool needsFlops = placement != RoofPlacement::BandwidthRoof;
    const bool needsBytes = placement != RoofPlacement::ComputeRoof;
    const double flops = needsFlops ? flopMetricValue * inputs.flopRate.scale : 0;
    const double bytes = needsBytes ? byteMetricValue * inputs.byteRate.scale : 0;
    if (placement == RoofPlacement::None || (needsFlops && !positive(flops)) ||
        (needsBytes && !positive(bytes)))
        return std::nullopt;
    RooflinePoint point;
    point.flopsPerSecond = flops;
    point.bytesPerSecond = bytes;
    point.intensity = placement == RoofPlacement::Intensity
                          ? flops / bytes
                          : std::numeric_limits<double>::quiet_NaN();
    // Above intensity x bandwidth is the same as moving bytes faster than DRAM does.
    point.aboveDramRoof = inputs.peaks.bytesPerSecond && bytes > *inputs.peaks.bytesPerSecond;
    point.aboveComputeRoof = inputs.peaks.flopsPerSecond && flops > *inputs.peaks.flopsPerSecond;
    return point;
}

std::optional<double> roofAt(double intensity, const DevicePeaks &peaks)
{
    std::optional<double> roof = peaks.flopsPerSecond;
    if (peaks.bytesPerSecond) {
        const double memory = intensity * *peaks.bytesPerSecond;
        roof = roof ? std::min(*roof, memory) : memory;
    }
    return roof;
}

std::optional<double> ridgeIntensity(const DevicePeaks &peaks)
{
    if (!peaks.flopsPerSecond || !peaks.bytesPerSecond)
        return std::nullopt;
    return *peaks.flopsPerSecond / *peaks.bytesPerSecond;
}

std::size_t countAboveDramRoof(const std::vector<RooflinePoint> &points)
{
    return std::size_t(std::count_if(points.begin(), points.end(),
                                     [](const RooflinePoint &p) { return p.aboveDramRoof; }));
}

std::string aboveDramRoofNote(std::size_t count)
{
    if (count == 0)
        return {};
    return std::to_string(count) + (count == 1 ? " result" : " results") +
           " above the DRAM roof: likely L2-resident (the problem fits the cache), so "
           "their byte rates are no DRAM figures.";
}

} // namespace tb
