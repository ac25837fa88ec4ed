#pragma once

#include "backend/common/compiletarget.h"
#include "cudaenvironment.h"

#include <string>
#include <vector>

namespace tb {

struct Spec;

// How a CUDA run goes on this machine, decided once for the CLI and the workbench: measure on
// the GPUs given, or only compile (asked for, or no GPU), for which architecture, and the line
// that tells the user so.
struct CudaRunPlan
{
    // Non-empty where this build cannot run CUDA at all (kNoCudaBackend): the run must not
    // start, and the apps say this instead.
    std::string unavailable;
    bool compileOnly = true;
    // One bench worker each, all of one model; empty when compiling only or launched (the
    // launched workers' GPUs are found where they run).
    std::vector<GpuIdentity> gpus;
    // Enabled GPUs of another model than the first: results of different models are never
    // ranked together, so a run measures on one model and says which it left out.
    std::vector<GpuIdentity> leftOut;
    CompileTarget target;
    std::string announcement; // "GPU: NVIDIA H100 ...; 1 bench worker(s)", "Compiling only ..."
};

struct CudaRunRequest
{
    bool compileOnly = false;      // the user asked for no timings
    std::vector<std::string> gpus; // the GPUs the user lets the run use (of cuda.gpus)
    std::string noGpuReason;       // why gpus is empty although the driver sees GPUs
    std::string chosenArch;        // an architecture the user named (--arch), if any
    std::string chosenBy;          // where they named it
    // The measuring workers start through srun or ssh: their GPUs are where they run, not
    // here, and each worker's hello names its own (JobPipeline learns them as it starts).
    bool launched = false;
    // Launched, and each worker builds for its own GPU where it runs (--compile-on nodes).
    bool compileWhereMeasured = false;
};

// Whether this build has the CUDA backend: it is built where CMake finds a CUDA toolkit
// (TUNEBENCH_HAVE_CUDA). Without one, CUDA specs still load and validate, but nothing compiles
// or measures them, and every place that would says kNoCudaBackend.
inline constexpr bool kCudaBackendBuilt = TUNEBENCH_HAVE_CUDA != 0;
inline constexpr const char *kNoCudaBackend =
    "this build of Tunebench has no CUDA backend: no CUDA toolkit was found when it was built. "
    "Install NVIDIA's CUDA toolkit (NVRTC, CUPTI and cuda.h, e.g. in /usr/local/cuda) and "
    "build again (CMake looks for nvcc on PATH, or set CUDAToolkit_ROOT), or use the headless "
    "bundle built on a machine that has one (packaging/bundle.sh)";

// The inputs of chooseCompileTarget() for a spec on this machine; chosen names an architecture
// the user picked for this compile (chosenBy: where), if any. noGpuReason is left to the
// caller: a run's announcement says it already.
CompileTargetInputs compileTargetInputs(const CudaEnvironment &cuda, const Spec &spec,
                                        bool measuring, std::string chosen = {},
                                        std::string chosenBy = {});

CudaRunPlan planCudaRun(const CudaEnvironment &cuda, const Spec &spec,
                        const CudaRunRequest &request);

} // namespace tb
