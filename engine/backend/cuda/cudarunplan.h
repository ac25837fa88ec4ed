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
    bool compileOnly = true;
    std::vector<std::string> gpus; // one bench worker each; empty when compiling only
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
};

CudaRunPlan planCudaRun(const CudaEnvironment &cuda, const Spec &spec,
                        const CudaRunRequest &request);

} // namespace tb
