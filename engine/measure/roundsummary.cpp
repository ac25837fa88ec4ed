#include "roundsummary.h"

#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tb {

namespace {

// Sample variance of the union of the rounds' samples, from each round's count, mean and stddev.
double pooledVariance(std::span<const SampleSummary> rounds, double mean, double count)
{
    double sumOfSquares = 0;
    for (const auto &round : rounds) {
        const double n = round.count;
        const double offset = round.mean - mean;
        sumOfSquares += (n > 1 ? (n - 1) * round.stddev * round.stddev : 0) + n * offset * offset;
    }
    return count > 1 ? sumOfSquares / (count - 1) : 0;
}

} // namespace

double relativeSpread(std::span<const double> values, double reference)
{
    if (values.size() < 2 || reference == 0)
        return 0;
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    return (*highest - *lowest) / std::abs(reference);
}

SampleSummary combineRounds(std::span<const SampleSummary> rounds)
{
    if (rounds.empty())
        return summarize({});
    if (rounds.size() == 1)
        return rounds.front();
    std::vector<double> medians;
    std::vector<double> halfWidths;
    SampleSummary combined;
    combined.min = rounds.front().min;
    double weightedSum = 0;
    for (const auto &round : rounds) {
        medians.push_back(round.median);
        halfWidths.push_back(round.relativeHalfWidth);
        combined.min = std::min(combined.min, round.min);
        combined.count += round.count;
        weightedSum += round.mean * round.count;
    }
    combined.median = unsortedMedian(medians);
    const double count = combined.count;
    combined.mean = count > 0 ? weightedSum / count : 0;
    combined.stddev = std::sqrt(pooledVariance(rounds, combined.mean, count));
    const double spread = combined.median != 0 ? relativeSpread(medians, combined.median) / 2
                                               : kUnboundedRelativeHalfWidth;
    combined.relativeHalfWidth = std::max(spread, unsortedMedian(halfWidths));
    return combined;
}

} // namespace tb
