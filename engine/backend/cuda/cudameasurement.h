#pragma once

#include "cudafailure.h"
#include "kernellaunch.h"
#include "model/result.h"
#include "model/spec.h"

#include <cuda.h>

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

class ContextSwitcher;
class CudaDriver;
class CuptiTimer;
class EventTimer;
class L2Flusher;

// Measures one kernel launch as docs/measurement.md says: warm-up launches, then samples until
// the AdaptiveSampler stops, each sample an L2 flush (unless warm-cache timing) and one launch,
// timed by its CUPTI record (or two CUDA events without CUPTI). Launches go in batches (see
// nextBatchSize) with one synchronisation and, with CUPTI, one flush of its records per batch, so
// the GPU is not left idle per sample.
//
// Samples come from CUPTI's kernel records when a CuptiTimer is given, from the events
// otherwise; the events' median is kept as "event_median_s" either way. When CUPTI fails during
// the measurement, the samples taken so far are replaced by their events' values and sampling
// goes on with events: *cuptiFailure then says why, and the caller stops using CUPTI.
//
// With a ContextSwitcher the GPU switches to another context and back before the warm-up and,
// when the L2 is flushed, before every batch: that takes the per-context speed of a kernel out
// of its median (ContextSwitcher says why); resources["context_switches"] counts them.
class CudaMeasurement
{
public:
    static constexpr std::size_t kMaxBatch = 32;

    CudaMeasurement(const CudaDriver &driver, CUstream stream, EventTimer &events,
                    L2Flusher &flusher, const ContextSwitcher *switcher, CuptiTimer *cupti);

    // Fills result.samples, summary, timer ("cupti" or "cuda_events") and
    // resources["event_median_s"]. A failed launch or synchronisation ends it with that
    // failure (the result keeps what was measured before).
    // launchedAlready: untimed launches of this kernel just made (the verification run); they
    // count towards the settings' warm-up runs.
    // stopAboveSeconds: the job's early-exit threshold (KernelBackend::evaluate(); 0 = none); a
    // result whose sampling stopped there gets resources[figures::kStoppedEarlyAboveSeconds].
    CudaStatus measure(const KernelLaunch &kernel, const MeasurementSettings &settings,
                       double stopAboveSeconds, int launchedAlready, Result &result,
                       std::string *cuptiFailure);

    // Pure. How many samples the next batch takes: minSamples (at least 1) for the first, then
    // half as many as taken so far (at least 1), never more than kMaxBatch, than the samples
    // left below maxSamples, or than fit in the time left at `secondsPerSample` (wall time per
    // sample so far; 0 when unknown). With `earlyExit`, the first batch is kEarlyExitProbe
    // samples (the fewest that bound a median) and the second one the rest of minSamples, so a
    // hopeless configuration stops after three.
    static std::size_t nextBatchSize(const MeasurementSettings &settings, std::size_t taken,
                                     double elapsedSeconds, double secondsPerSample,
                                     bool earlyExit = false);
    static constexpr std::size_t kEarlyExitProbe = 3;

private:
    CudaStatus warmUp(const KernelLaunch &kernel, int runs);
    CudaStatus runBatch(const KernelLaunch &kernel, std::size_t count, bool flushL2);
    CudaStatus switchContext();

    const CudaDriver &m_driver;
    CUstream m_stream;
    EventTimer &m_events;
    L2Flusher &m_flusher;
    const ContextSwitcher *m_switcher;
    CuptiTimer *m_cupti;
    int m_switches = 0;
};

} // namespace tb
