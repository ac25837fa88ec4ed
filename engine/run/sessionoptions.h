#pragma once

#include "cluster/sallocrequest.h"
#include "model/gpuidentity.h"
#include "runner/workerlauncher.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// How to run one spec. Empty optionals take the spec's own settings.
struct SessionOptions
{
    std::string workspacePath;
    std::string cacheDirectory;             // build cache; default: "<workspace>.cache"
    std::vector<std::string> workerCommand; // argv of tunebench-worker (launcher prefix first)
    // Compile workers (C/C++ builders for the CPU backend, NVRTC for CUDA); 0: as many as
    // defaultCompileWorkers() says for the run's bench workers.
    int workers = 0;
    std::vector<GpuIdentity> gpus; // cuda: one bench worker each (all of one model)
    // cpu: the measuring workers' launchers (srun tasks, ssh hosts), one worker each; empty:
    // one worker here. Compile workers run here (workerlauncher.h).
    std::vector<LauncherSettings> benchLaunchers;
    bool compileWhereMeasured = false; // PipelineSettings::compileWhereMeasured
    // Set (chooseLaunchers() outside an allocation, asked to get one): before anything else
    // the run asks Slurm for this allocation, runs the srun launchers' steps in it and cancels
    // it when it ends, however it ends (SlurmAllocation). A stop request cancels the wait.
    std::optional<SallocRequest> allocation;
    std::string arch;         // cuda: compile target, e.g. "sm_90" (default: the worker's)
    bool compileOnly = false; // cuda: compile and record resource usage, measure nothing
    std::optional<std::string> strategy;
    std::optional<std::int64_t> maxConfigs; // per problem size
    std::optional<double> maxSeconds;       // whole run
    bool fresh = false;                     // new run even if an earlier one can be resumed
    // Resume a run although a data file (init.file) changed since it was measured; without it
    // such a resume is refused (WorkspaceRun::open).
    bool allowChangedData = false;
    std::string toolVersion;
    const std::atomic<bool> *stopRequested = nullptr; // polled; set from a signal handler or UI
    // Polled like stopRequested. While set the run issues no new configurations; those in
    // flight finish and are recorded, and the paused time counts neither towards elapsed time,
    // ETA nor the time budget. A stop request still ends a paused run.
    const std::atomic<bool> *pauseRequested = nullptr;
};

} // namespace tb
