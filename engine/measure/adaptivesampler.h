#pragma once

#include "model/result.h"
#include "model/spec.h"

#include <vector>

namespace tb {

// Collects timing samples of one configuration and says when to stop: when the median is known
// precisely enough (relative half-width of its ~95% confidence interval at or under the target,
// after at least minSamples and minSecondsPerConfig), or when a sample or time cap is hit, or
// (early exit) as soon as that interval lies wholly above `stopAboveSeconds`: the
// configuration is clearly slower than the best so far, and measuring it precisely would spend
// time that contenders need. 0 = no early exit. Every sample is kept.
class AdaptiveSampler
{
public:
    explicit AdaptiveSampler(const MeasurementSettings &settings, double stopAboveSeconds = 0);

    void add(double seconds);

    // elapsedSeconds: time spent sampling this configuration so far (the caller's clock).
    bool done(double elapsedSeconds) const;

    const std::vector<double> &samples() const { return m_samples; }
    SampleSummary summary() const;
    double relativeHalfWidth() const { return m_relativeHalfWidth; }
    // Whether done() ended the sampling because the configuration is hopeless.
    bool stoppedEarly() const;
    // Into a measuring backend's result: the samples, their summary and, when the sampling
    // stopped early, the threshold (resources[figures::kStoppedEarlyAboveSeconds]).
    void writeTo(Result &result) const;

private:
    MeasurementSettings m_settings;
    double m_stopAboveSeconds;
    std::vector<double> m_samples; // measurement order
    std::vector<double> m_sorted;  // kept sorted on insertion: done() runs after every sample
    double m_relativeHalfWidth;
};

} // namespace tb
