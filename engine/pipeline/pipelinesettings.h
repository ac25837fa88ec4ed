#pragma once

#include "model/gpuidentity.h"
#include "model/spec.h"
#include "runner/workerlauncher.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// How a run's configurations flow through worker processes:
// - cpu: a pool of `compileWorkers` build workers ("cpu-compile") that stays ahead of one
//   measuring worker ("cpu"), pinned to a CPU of its own where there are two or more;
// - cuda: a pool of `compileWorkers` NVRTC compile workers (CPU) that stays ahead of one
//   bench worker per GPU, which loads the cached cubin and measures;
// - cuda with compileOnly: the compile pool alone (no GPU needed): resource usage, no timings.
struct PipelineSettings
{
    BackendKind backend = BackendKind::Cpu;
    std::vector<std::string> workerCommand; // tunebench-worker argv, launcher prefix first
    std::string cacheDirectory;
    std::string specDocument;
    std::string baseDirectory;
    double timeoutSeconds = 30;
    int compileWorkers = 1;
    std::vector<GpuIdentity> gpus; // one bench worker each, with its CUDA_VISIBLE_DEVICES
    // cpu: where the measuring workers run, one each (a "location": an srun task, an ssh host);
    // empty: one, here. The compile workers stay here and share the build cache with them.
    std::vector<LauncherSettings> benchLaunchers;
    // With benchLaunchers: each measuring worker builds what it measures where it runs (a CUDA
    // worker for its own GPU, through its cache, shared or the node's own), and no compile
    // worker starts here: GPUs of several architectures in one run, no shared cache needed.
    // What it costs: builds no longer overlap measuring.
    bool compileWhereMeasured = false;
    std::string arch; // compile target for compile workers, e.g. "sm_90"
    bool compileOnly = false;
    std::string referenceName; // e.g. "the reference configuration BM=32,BN=32"; "" for none
    // Its values (parameter order). Measuring waits while it compiles: the measuring worker
    // runs it first and would otherwise build it again itself (JobPipeline::feedBenchWorkers).
    std::optional<std::vector<double>> reference;
    // Early exit: a configuration's sampling stops once its median is surely above this factor
    // times its size's fastest ok median so far (EarlyExitLimit); 0 = off.
    double earlyExitFactor = 0;

    // A stage of bench workers measures what was compiled (not so with compileOnly).
    bool hasBenchStage() const { return !compileOnly; }
    // Whether this machine's compile workers build the configurations (else each launched
    // measuring worker builds what it measures: compileWhereMeasured).
    bool compilesHere() const
    {
        return !compileWhereMeasured || !hasBenchStage() || benchLaunchers.empty();
    }
};

} // namespace tb
