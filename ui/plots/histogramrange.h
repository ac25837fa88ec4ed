#pragma once

#include <QString>

#include <vector>

namespace tb {

// The span a sample histogram bins over. Timings have outliers (a preempted CPU run, a cold
// first launch): one sample at 7x the median stretches equal bins until every other sample
// shares the first. The span covers each set's quartiles widened by kFence interquartile
// ranges (and never less than kMinimumFence of its median each side), clamped to its own
// samples; samples beyond it are counted in the end bins and the histogram says so.
struct HistogramRange
{
    static constexpr double kFence = 1.5;         // Tukey's fences: the bulk gets the bins
    static constexpr double kMinimumFence = 0.03; // of the median: tight sets keep their tails

    double low = 0;
    double high = 0;
    bool valid = false; // false: no samples yet

    // Widens this range to cover one more set's robust span; an empty set changes nothing.
    void include(const std::vector<double> &samples);

    // Samples below low and above high, that the end bins take.
    struct Beyond
    {
        int below = 0;
        int above = 0;
        int total() const { return below + above; }
    };
    Beyond beyond(const std::vector<double> &samples) const;
};

// "In the end bins: 2 samples below 700 µs, 5 samples above 1.20 ms", or empty when none.
QString beyondRangeNote(const HistogramRange &range, const HistogramRange::Beyond &beyond);

} // namespace tb
