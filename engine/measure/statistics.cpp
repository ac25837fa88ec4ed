#include "statistics.h"

#include <boost/math/special_functions/beta.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tb {

double sortedMedian(std::span<const double> sorted)
{
    if (sorted.empty())
        return 0;
    const std::size_t n = sorted.size();
    if (n % 2 == 1)
        return sorted[n / 2];
    return 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

double unsortedMedian(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return sortedMedian(values);
}

double harrellDavisMedian(std::span<const double> sorted)
{
    const std::size_t n = sorted.size();
    if (n < 3)
        return sortedMedian(sorted);
    const double count = static_cast<double>(n);
    const double shape = (count + 1) / 2;
    // Weight i is the Beta CDF's rise over [(i-1)/n, i/n]. Beyond ~10 standard deviations
    // (sd ~ 1/(2 sqrt(n))) of the centre the weights are below 1e-20: skip them, so
    // 100,000 samples cost a few hundred incomplete-beta calls, not 100,000.
    const double reach = std::min(0.5, 10 * 0.5 / std::sqrt(count));
    const auto first = static_cast<std::size_t>(std::floor((0.5 - reach) * count));
    const auto last = std::min(n, static_cast<std::size_t>(std::ceil((0.5 + reach) * count)));
    double weighted = 0;
    double total = 0;
    double below = boost::math::ibeta(shape, shape, static_cast<double>(first) / count);
    for (std::size_t i = first; i < last; ++i) {
        const double upTo = boost::math::ibeta(shape, shape, static_cast<double>(i + 1) / count);
        weighted += (upTo - below) * sorted[i];
        total += upTo - below;
        below = upTo;
    }
    return weighted / total;
}

// Distribution-free interval for the median from order statistics. The number of samples below
// the true median is Binomial(n, 1/2), which is about Normal(n/2, sqrt(n)/2); so the sorted
// samples at ranks n/2 - 1.96 * sqrt(n)/2 and 1 + n/2 + 1.96 * sqrt(n)/2 (1-based; the +1 is the
// usual continuity correction, e.g. ranks 40 and 61 for n = 100; widened outwards to whole ranks
// and clamped to [1, n]) bracket the median with ~95% confidence, whatever the timing looks
// like (timings are skewed and heavy-tailed, so a mean +- t*s interval would mislead). For small
// n the clamp makes the interval [min, max], which is conservative. Below 3 samples there is no
// meaningful interval at all, so the width is reported as unbounded and sampling goes on.
MedianInterval medianInterval(std::span<const double> sorted)
{
    const std::size_t n = sorted.size();
    if (n < 3)
        return {};
    const double centre = 0.5 * static_cast<double>(n);
    const double spread = 1.96 * std::sqrt(static_cast<double>(n)) / 2.0;
    const double lowRank = std::clamp(std::floor(centre - spread), 1.0, static_cast<double>(n));
    const double highRank =
        std::clamp(std::ceil(centre + spread + 1.0), 1.0, static_cast<double>(n));
    return {sorted[static_cast<std::size_t>(lowRank) - 1],
            sorted[static_cast<std::size_t>(highRank) - 1]};
}

double relativeMedianHalfWidth(std::span<const double> sorted)
{
    if (sorted.size() < 3)
        return kUnboundedRelativeHalfWidth;
    const auto [lower, upper] = medianInterval(sorted);
    const double halfWidth = 0.5 * (upper - lower);
    const double median = std::fabs(sortedMedian(sorted));
    if (halfWidth == 0)
        return 0;
    if (median == 0)
        return kUnboundedRelativeHalfWidth;
    return halfWidth / median;
}

double timerStep(std::span<const double> sorted)
{
    std::vector<double> gaps;
    for (std::size_t i = 1; i < sorted.size(); ++i)
        if (sorted[i] > sorted[i - 1])
            gaps.push_back(sorted[i] - sorted[i - 1]);
    if (gaps.empty())
        return 0;
    std::sort(gaps.begin(), gaps.end());
    return sortedMedian(gaps);
}

SampleSummary summarize(std::span<const double> samples)
{
    SampleSummary summary;
    summary.count = static_cast<int>(samples.size());
    summary.relativeHalfWidth = kUnboundedRelativeHalfWidth;
    if (samples.empty())
        return summary;

    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    const double n = static_cast<double>(sorted.size());
    summary.median = harrellDavisMedian(sorted);
    summary.min = sorted.front();
    summary.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / n;
    if (sorted.size() > 1) {
        double squares = 0;
        for (double value : sorted)
            squares += (value - summary.mean) * (value - summary.mean);
        summary.stddev = std::sqrt(squares / (n - 1));
    }
    summary.relativeHalfWidth = relativeMedianHalfWidth(sorted);
    // Where the interval is narrower than the timer's tick (all the central samples read the
    // same tick), the median is still only known to within half a tick either way.
    if (isBoundedHalfWidth(summary.relativeHalfWidth) && summary.median > 0)
        summary.relativeHalfWidth =
            std::max(summary.relativeHalfWidth, 0.5 * timerStep(sorted) / summary.median);
    return summary;
}

} // namespace tb
