#include "metricrate.h"

#include "devicepeaks.h"
#include "spec.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tb {

namespace {

struct Prefix
{
    const char *text;
    double factor;
};

constexpr std::array<Prefix, 10> kPrefixes = {{{"", 1},
                                               {"k", 1e3},
                                               {"M", 1e6},
                                               {"G", 1e9},
                                               {"T", 1e12},
                                               {"P", 1e15},
                                               {"Ki", 1024.0},
                                               {"Mi", 1024.0 * 1024},
                                               {"Gi", 1024.0 * 1024 * 1024},
                                               {"Ti", 1024.0 * 1024 * 1024 * 1024}}};

// The unit's scale if it is `prefix + base` for a known prefix; binary prefixes only for bytes.
std::optional<double> scaleOf(const std::string &unit, const std::string &base, bool binary)
{
    if (unit.size() < base.size() || unit.compare(unit.size() - base.size(), base.size(), base))
        return std::nullopt;
    const std::string prefix = unit.substr(0, unit.size() - base.size());
    for (const Prefix &known : kPrefixes) {
        const bool isBinary = std::string(known.text).find('i') != std::string::npos;
        if (prefix == known.text && (binary || !isBinary))
            return known.factor;
    }
    return std::nullopt;
}

} // namespace

std::string metricUnit(const DerivedMetric &metric)
{
    if (!metric.unit.empty())
        return metric.unit;
    std::string name = metric.name;
    const std::size_t space = name.find_last_of(" \t");
    std::string word = space == std::string::npos ? name : name.substr(space + 1);
    const auto bracket = [](char c) { return c == '(' || c == ')' || c == '[' || c == ']'; };
    word.erase(std::remove_if(word.begin(), word.end(), bracket), word.end());
    return word;
}

MetricRate rateOfUnit(const std::string &unit)
{
    if (auto scale = scaleOf(unit, "FLOP/s", false))
        return {RateKind::Flops, *scale};
    if (auto scale = scaleOf(unit, "B/s", true))
        return {RateKind::Bytes, *scale};
    return {};
}

MetricRate metricRate(const DerivedMetric &metric)
{
    return rateOfUnit(metricUnit(metric));
}

std::optional<std::size_t> firstMetricOf(const Spec &spec, RateKind kind)
{
    for (std::size_t i = 0; i < spec.metrics.size(); ++i)
        if (metricRate(spec.metrics[i]).kind == kind)
            return i;
    return std::nullopt;
}

std::optional<std::size_t> peakMetricIndex(const Spec &spec)
{
    for (std::size_t i = 0; i < spec.metrics.size(); ++i)
        if (spec.metrics[i].name == spec.objective.metric &&
            metricRate(spec.metrics[i]).kind != RateKind::None)
            return i;
    if (auto flops = firstMetricOf(spec, RateKind::Flops))
        return flops;
    return firstMetricOf(spec, RateKind::Bytes);
}

DevicePeaks matchingPeak(const DevicePeaks &peaks, RateKind kind)
{
    DevicePeaks only;
    if (kind == RateKind::Flops) {
        only.flopsPerSecond = peaks.flopsPerSecond;
        only.flopsSource = peaks.flopsSource;
    } else if (kind == RateKind::Bytes) {
        only.bytesPerSecond = peaks.bytesPerSecond;
        only.bytesSource = peaks.bytesSource;
    }
    return only;
}

std::optional<double> shareOfPeak(double value, const MetricRate &rate, const DevicePeaks &peaks)
{
    const std::optional<double> &peak = rate.kind == RateKind::Flops   ? peaks.flopsPerSecond
                                        : rate.kind == RateKind::Bytes ? peaks.bytesPerSecond
                                                                       : std::optional<double>();
    if (!peak || !(*peak > 0) || !std::isfinite(value))
        return std::nullopt;
    return value * rate.scale / *peak;
}

} // namespace tb
