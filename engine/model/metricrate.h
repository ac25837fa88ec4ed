#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tb {

struct DevicePeaks;
struct DerivedMetric;
struct Spec;

// Which derived metrics are rates a device peak bounds. A metric's unit is its "unit" field, or
// else its name's last word without brackets ("GFLOP/s", "bandwidth (GB/s)"); the unit says what
// kind of rate it is and its scale. Units (case as written): FLOP/s, kFLOP/s, MFLOP/s, GFLOP/s,
// TFLOP/s, PFLOP/s are FLOP rates; B/s, kB/s, MB/s, GB/s, TB/s and KiB/s, MiB/s, GiB/s, TiB/s
// byte rates. Any other unit is neither, and the metric gets no "% of peak".
enum class RateKind
{
    None,
    Flops,
    Bytes,
};

struct MetricRate
{
    RateKind kind = RateKind::None;
    double scale = 1; // the metric's value times scale is FLOP/s or bytes/s
};

// The unit a metric is read in: its "unit", else its name's last word.
std::string metricUnit(const DerivedMetric &metric);
MetricRate rateOfUnit(const std::string &unit);
MetricRate metricRate(const DerivedMetric &metric);

// The metric whose "% of peak" a result shows: the objective's metric when it is a rate, else
// the spec's first FLOP-rate metric, else its first byte-rate metric; none without a rate metric.
std::optional<std::size_t> peakMetricIndex(const Spec &spec);
// The first metric of a kind; none when the spec has none.
std::optional<std::size_t> firstMetricOf(const Spec &spec, RateKind kind);

// Only the peak a rate of `kind` is judged against (with its source), to describe it alone;
// empty for RateKind::None.
DevicePeaks matchingPeak(const DevicePeaks &peaks, RateKind kind);

// value (in the metric's unit) as a share of the matching peak (1 = at the peak); none for a
// metric that is no rate or a peak the run lacks.
std::optional<double> shareOfPeak(double value, const MetricRate &rate, const DevicePeaks &peaks);

} // namespace tb
