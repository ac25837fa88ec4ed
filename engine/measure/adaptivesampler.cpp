#include "adaptivesampler.h"

#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "statistics.h"

#include <algorithm>

namespace tb {

AdaptiveSampler::AdaptiveSampler(const MeasurementSettings &settings, double stopAboveSeconds)
    : m_settings(settings), m_stopAboveSeconds(stopAboveSeconds),
      m_relativeHalfWidth(kUnboundedRelativeHalfWidth)
{
    m_samples.reserve(static_cast<std::size_t>(std::max(settings.maxSamples, 1)));
}

void AdaptiveSampler::add(double seconds)
{
    m_samples.push_back(seconds);
    m_sorted.insert(std::upper_bound(m_sorted.begin(), m_sorted.end(), seconds), seconds);
    m_relativeHalfWidth = relativeMedianHalfWidth(m_sorted);
}

bool AdaptiveSampler::done(double elapsedSeconds) const
{
    const int count = static_cast<int>(m_samples.size());
    // A cap below one sample would measure nothing; every config gets at least one.
    if (count >= std::max(m_settings.maxSamples, 1))
        return true;
    if (count >= 1 && elapsedSeconds >= m_settings.maxSecondsPerConfig)
        return true;
    if (stoppedEarly())
        return true;
    return count >= std::max(m_settings.minSamples, 1) &&
           elapsedSeconds >= m_settings.minSecondsPerConfig &&
           m_relativeHalfWidth <= m_settings.targetRelativeHalfWidth;
}

// The interval's lower end, not the median: a configuration is dropped only when even the
// optimistic reading of its samples is slower than the threshold (with 3 samples, their fastest).
bool AdaptiveSampler::stoppedEarly() const
{
    return m_stopAboveSeconds > 0 && medianInterval(m_sorted).lower > m_stopAboveSeconds;
}

void AdaptiveSampler::writeTo(Result &result) const
{
    result.samples = m_samples;
    result.summary = summary();
    if (stoppedEarly())
        result.resources[figures::kStoppedEarlyAboveSeconds] = m_stopAboveSeconds;
}

SampleSummary AdaptiveSampler::summary() const
{
    return summarize(m_samples);
}

} // namespace tb
