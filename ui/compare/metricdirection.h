#pragma once

#include <QString>

namespace tb {

// Which way a figure improves: drives the better/worse colours of a comparison. Trade-offs
// (registers, shared memory, sample count) are Neutral: neither way is better by itself.
enum class MetricDirection
{
    Neutral,
    LowerIsBetter,
    HigherIsBetter,
};

// A derived metric's direction from its name, for specs that do not say: rates ("GB/s",
// "GFLOP/s", "throughput", "bandwidth") are higher-is-better, times and latencies lower.
MetricDirection guessMetricDirection(const QString &metricName);

} // namespace tb
