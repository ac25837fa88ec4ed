#pragma once

#include "model/result.h"

#include <limits>
#include <span>
#include <vector>

namespace tb {

// The relative half-width reported while too few samples exist to bound the median (n < 3):
// the largest finite double, so that any target stops nobody early and the value still
// survives JSON and SQLite (infinity does not).
inline constexpr double kUnboundedRelativeHalfWidth = std::numeric_limits<double>::max();

// Whether a reported half-width bounds its median: readers that add or print it must not treat
// kUnboundedRelativeHalfWidth as a number.
inline bool isBoundedHalfWidth(double relativeHalfWidth)
{
    return relativeHalfWidth < kUnboundedRelativeHalfWidth;
}

// median (Harrell-Davis), min, mean, stddev (sample, n - 1), count and the relative half-width of
// the median's ~95% confidence interval, at least half a timerStep: a median is not known more
// finely than the timer ticks. An empty span gives a zero summary with the unbounded half-width.
SampleSummary summarize(std::span<const double> samples);

// The median of already sorted samples (mean of the middle two for an even count).
double sortedMedian(std::span<const double> sorted);
// The same of samples in any order (sorted here, on the copy).
double unsortedMedian(std::vector<double> values);

// The Harrell-Davis estimate of the median of sorted samples: a weighted mean of every order
// statistic, weights from the Beta((n+1)/2, (n+1)/2) distribution. Timers tick (CUPTI's
// timestamps on an H100 in 32 ns steps, ~1% of a 3 us kernel): the sample median of such data
// jumps a whole tick between runs, this estimate moves smoothly with the distribution. Near the
// centre the weights dominate, so outliers barely count. summarize() reports it as the median.
double harrellDavisMedian(std::span<const double> sorted);

// The median's ~95% confidence interval from sorted samples: two order statistics around the
// middle (distribution-free). n < 3 bounds nothing: {-inf, +inf}. For n = 3 it is the whole
// range, [min, max].
struct MedianInterval
{
    double lower = -std::numeric_limits<double>::infinity();
    double upper = std::numeric_limits<double>::infinity();
};
MedianInterval medianInterval(std::span<const double> sorted);

// Half of the median's ~95% confidence interval divided by the median, from sorted samples.
// Zero where the interval's two order statistics read the same tick: the adaptive sampler
// stops there, as more samples cannot narrow it.
double relativeMedianHalfWidth(std::span<const double> sorted);

// The step a timer ticks in, from sorted samples: the median gap between adjacent distinct
// values. 32 ns for CUPTI on an H100 (durations of 3.33, 3.36, 3.39 us; a rare 1 ns gap from
// rounding does not move the median gap); for a timer finer than the times' spread it is a
// small fraction of it. 0 when all samples are equal.
double timerStep(std::span<const double> sorted);

} // namespace tb
