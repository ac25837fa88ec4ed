#pragma once

#include "model/result.h"
#include "model/spec.h"

#include <vector>

namespace tb {

// Collects timing samples of one configuration and says when to stop: when the median is known
// precisely enough (relative half-width of its ~95% confidence interval at or under the target,
// after at least minSamples and minSecondsPerConfig), or when a sample or time cap is hit.
// Every sample is kept.
class AdaptiveSampler
{
public:
    explicit AdaptiveSampler(const MeasurementSettings &settings);

    void add(double seconds);

    // elapsedSeconds: time spent sampling this configuration so far (the caller's clock).
    bool done(double elapsedSeconds) const;

    const std::vector<double> &samples() const { return m_samples; }
    SampleSummary summary() const;
    double relativeHalfWidth() const { return m_relativeHalfWidth; }

private:
    MeasurementSettings m_settings;
    std::vector<double> m_samples; // measurement order
    std::vector<double> m_sorted;  // kept sorted on insertion: done() runs after every sample
    double m_relativeHalfWidth;
};

} // namespace tb
