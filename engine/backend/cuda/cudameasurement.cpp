#include "cudameasurement.h"

#include "contextswitcher.h"
#include "cudadriver.h"
#include "cuptitimer.h"
#include "eventtimer.h"
#include "l2flusher.h"
#include "measure/adaptivesampler.h"
#include "measure/statistics.h"
#include "model/resultfigure.h"
#include "model/timerkind.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace tb {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point begin)
{
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

// The same estimator as the summary's median, so the two timers compare like for like.
double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return harrellDavisMedian(values);
}

} // namespace

CudaMeasurement::CudaMeasurement(const CudaDriver &driver, CUstream stream, EventTimer &events,
                                 L2Flusher &flusher, const ContextSwitcher *switcher,
                                 CuptiTimer *cupti)
    : m_driver(driver), m_stream(stream), m_events(events), m_flusher(flusher),
      m_switcher(switcher && switcher->valid() ? switcher : nullptr), m_cupti(cupti)
{}

CudaStatus CudaMeasurement::switchContext()
{
    if (!m_switcher)
        return {};
    ++m_switches;
    return m_switcher->switchOn(m_stream);
}

std::size_t CudaMeasurement::nextBatchSize(const MeasurementSettings &settings, std::size_t taken,
                                           double elapsedSeconds, double secondsPerSample,
                                           bool earlyExit)
{
    const auto maxSamples = static_cast<std::size_t>(std::max(settings.maxSamples, 1));
    const auto minSamples = static_cast<std::size_t>(std::max(settings.minSamples, 1));
    const std::size_t left = taken < maxSamples ? maxSamples - taken : 1;
    std::size_t batch = taken == 0 ? minSamples : std::max<std::size_t>(taken / 2, 1);
    if (earlyExit && taken == 0)
        batch = std::min(minSamples, kEarlyExitProbe);
    else if (earlyExit && taken < minSamples)
        batch = std::max(batch, minSamples - taken);
    batch = std::min({batch, kMaxBatch, left});
    if (taken > 0 && secondsPerSample > 0) {
        const double timeLeft = settings.maxSecondsPerConfig - elapsedSeconds;
        const double fit = std::floor(timeLeft / secondsPerSample);
        if (fit < static_cast<double>(batch))
            batch = fit >= 1 ? static_cast<std::size_t>(fit) : 1;
    }
    return batch;
}

CudaStatus CudaMeasurement::warmUp(const KernelLaunch &kernel, int runs)
{
    for (int i = 0; i < runs; ++i)
        if (CudaStatus launched = kernel.launch(m_driver, m_stream); !launched)
            return launched;
    return m_driver.check(m_driver.streamSynchronize(m_stream),
                          "synchronising after the warm-up launches");
}

CudaStatus CudaMeasurement::runBatch(const KernelLaunch &kernel, std::size_t count, bool flushL2)
{
    if (CudaStatus reserved = m_events.reserve(count); !reserved)
        return reserved;
    if (flushL2)
        if (CudaStatus switched = switchContext(); !switched)
            return switched;
    for (std::size_t i = 0; i < count; ++i) {
        if (flushL2)
            if (CudaStatus flushed = m_flusher.flush(m_stream); !flushed)
                return flushed;
        if (CudaStatus recorded = m_events.recordStart(i, m_stream); !recorded)
            return recorded;
        if (CudaStatus launched = kernel.launch(m_driver, m_stream); !launched)
            return launched;
        if (CudaStatus recorded = m_events.recordStop(i, m_stream); !recorded)
            return recorded;
    }
    return m_driver.check(m_driver.streamSynchronize(m_stream),
                          "synchronising after the measured launches");
}

CudaStatus CudaMeasurement::measure(const KernelLaunch &kernel, const MeasurementSettings &settings,
                                    double stopAboveSeconds, int launchedAlready, Result &result,
                                    std::string *cuptiFailure)
{
    const auto dropCupti = [&](const std::string &why) {
        if (cuptiFailure)
            *cuptiFailure = why;
        m_cupti = nullptr;
    };
    m_switches = 0;
    if (CudaStatus switched = switchContext(); !switched)
        return switched;
    if (CudaStatus warm = warmUp(kernel, settings.warmupRuns - launchedAlready); !warm)
        return warm;
    if (m_cupti)
        if (Status discarded = m_cupti->discard(); !discarded)
            dropCupti(discarded.error().toString());

    AdaptiveSampler sampler(settings, stopAboveSeconds);
    std::vector<double> events; // the events' value of every accepted sample
    std::vector<double> batchEvents;
    const auto begin = Clock::now();
    bool done = false;
    while (!done) {
        const std::size_t taken = events.size();
        const double elapsed = secondsSince(begin);
        const std::size_t count =
            nextBatchSize(settings, taken, elapsed,
                          taken ? elapsed / static_cast<double>(taken) : 0, stopAboveSeconds > 0);
        if (CudaStatus ran = runBatch(kernel, count, !settings.warmCache); !ran)
            return ran;
        if (CudaStatus read = m_events.elapsed(count, batchEvents); !read)
            return read;
        std::vector<double> batch = batchEvents;
        if (m_cupti) {
            auto durations = m_cupti->collect({kernel.shape, kernel.symbol}, count);
            if (durations) {
                batch = std::move(*durations);
            } else {
                // Start over on the events' values of what was measured so far.
                dropCupti(durations.error().toString());
                sampler = AdaptiveSampler(settings, stopAboveSeconds);
                for (std::size_t i = 0; i < events.size() && !done; ++i) {
                    sampler.add(events[i]);
                    done = sampler.done(elapsed);
                    if (done)
                        events.resize(i + 1);
                }
            }
        }
        for (std::size_t i = 0; i < batch.size() && !done; ++i) {
            sampler.add(batch[i]);
            events.push_back(batchEvents[i]);
            done = sampler.done(secondsSince(begin));
        }
    }
    sampler.writeTo(result);
    result.timer = toString(m_cupti ? TimerKind::Cupti : TimerKind::CudaEvents);
    if (m_cupti && m_cupti->serialRecords()) // what was taken off each record's duration
        result.resources[figures::kCuptiRecordOffsetSeconds] = m_cupti->recordOffsetSeconds();
    result.resources[figures::kEventMedianSeconds] = median(events);
    result.resources[figures::kContextSwitches] = m_switches;
    return {};
}

} // namespace tb
