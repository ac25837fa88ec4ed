#pragma once

#include "cluster/launcherchoice.h"
#include "model/expected.h"
#include "model/spec.h"
#include "run/sessionoptions.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// What a front end asks of a run, in the engine's words: the user's choices, before the engine
// has looked at this machine's GPUs, its launchers or the spec. The CLI's `tune` and `verify`,
// the workbench's Run and Verify export... each fill one in.
struct RunChoices
{
    std::string workspacePath;
    std::string workerPath; // tunebench-worker; empty: defaultWorkerPath()
    int workers = 0;        // compile workers; 0 (or less): defaultCompileWorkers()
    std::optional<std::string> strategy;
    std::optional<std::int64_t> maxConfigs; // per problem size
    std::optional<double> maxSeconds;       // whole run
    bool fresh = false;
    bool allowChangedData = false; // SessionOptions::allowChangedData
    bool compileOnly = false;      // cuda: the user asked for no timings
    std::string arch;              // cuda: a target the user named; empty: by the rule
    std::string archChosenBy;      // where the user named it ("--arch"), for the announcement
    // cuda: the GPUs the user lets the run use (CUDA_VISIBLE_DEVICES values); nullopt: every
    // GPU found. noGpuReason says why, when that leaves none of the GPUs found.
    std::optional<std::vector<std::string>> enabledGpus;
    std::string noGpuReason;
    LauncherRequest launch; // where the measuring workers start; default: here
    std::string toolVersion;
    const std::atomic<bool> *stopRequested = nullptr;
    const std::atomic<bool> *pauseRequested = nullptr;
};

// A run ready to start: the session's options and the lines that tell the user where it runs.
struct RunSetup
{
    SessionOptions options;
    std::string launcherAnnouncement; // "" for workers here
    std::string cudaAnnouncement;     // cuda: GPUs, target, measure or compile only
};

// The one policy that turns a request into SessionOptions. The launchers come first: a CUDA
// run's GPUs are where its measuring workers start. Then, for a CUDA spec, planCudaRun()
// decides the GPUs, the compile target and whether the run measures. A worker on another host
// starts in another directory, so a launched run names its workspace by its absolute path.
// Errors: InvalidArgument where the launcher request is wrong as asked (a usage error),
// WorkerError where the launchers cannot start workers (srun missing, no allocation), NoDevice
// where this machine cannot run the CUDA spec as asked. Each message says why.
Expected<RunSetup> prepareRun(const Spec &spec, const RunChoices &request);

// The GPUs found that the user enabled (RunChoices::enabledGpus): nullopt enables every GPU
// found; one enabled but not found (another machine's choice) is ignored.
std::vector<std::string> selectGpus(const std::vector<std::string> &found,
                                    const std::optional<std::vector<std::string>> &enabled);

} // namespace tb
