#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "sessionoptions.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace tb {

class JobPipeline;
class LaneReporter;
class SessionListener;
class WorkspaceRun;

// A run's job pipeline (JobPipeline): started when the first job needs it, not before, since a
// resumed run may have every result stored already. Settings come from the spec and the
// session's options; once started it records the launched GPUs, and passes the pipeline's log
// lines and bench lanes on to the listener. Stored ok times of a resumed run met before the
// start are told to it when it starts: its early exit compares with the fastest.
class RunPipeline
{
public:
    // The session's spec, options, listener, run and lane reporter: they outlive this object.
    RunPipeline(const Spec &spec, const SessionOptions &options, SessionListener &listener,
                WorkspaceRun &run, LaneReporter &lanes);
    ~RunPipeline();

    // Starts the pipeline unless it runs; `slowerIsWorse`: the objective is a time, so an early
    // exit may cut a configuration short.
    Status ensureStarted(bool slowerIsWorse);
    bool started() const { return m_pipeline != nullptr; }
    // Only once started().
    JobPipeline &pipeline() { return *m_pipeline; }
    const JobPipeline &pipeline() const { return *m_pipeline; }

    // An ok median time of a stored result: told at once, or when the pipeline starts.
    void noteStoredOkTime(std::size_t sizeIndex, double seconds);
    // Waits for a worker to take a job (all being restarted); nothing to wait for unstarted.
    Status waitForRoom(std::chrono::milliseconds wait);
    // The compile workers stay: only the measuring ones need to be new processes.
    Status restartBenchWorkers();
    void forwardLogs();
    // Tells only with the pipeline started: before it no lane exists.
    void reportLanes(bool all);
    void stop();

private:
    Status start(bool slowerIsWorse);
    Status recordLaunchedDevice();

    const Spec &m_spec;
    const SessionOptions &m_options;
    SessionListener &m_listener;
    WorkspaceRun &m_run;
    LaneReporter &m_lanes;
    std::unique_ptr<JobPipeline> m_pipeline;
    // Stored ok medians (size, seconds) met before the pipeline started.
    std::vector<std::pair<std::size_t, double>> m_storedOkTimes;
};

} // namespace tb
