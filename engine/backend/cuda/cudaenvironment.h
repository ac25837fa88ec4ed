#pragma once

#include "backend/common/compiletarget.h"

#include <string>
#include <vector>

namespace tb {

// What the CLI needs to know before a CUDA run, found without creating a CUDA context (the
// supervisor's process never owns one: docs/architecture.md, Processes).
struct CudaEnvironment
{
    bool driverFound = false;
    std::string whyNot;            // "no CUDA driver found (libcuda.so.1: cannot open ...)"
    std::vector<std::string> gpus; // CUDA_VISIBLE_DEVICES value for each bench worker
    std::string arch;              // of the first GPU, e.g. "sm_90"; empty without one
    std::string deviceName;
};

CudaEnvironment probeCudaEnvironment();

struct Spec;

// The inputs of chooseCompileTarget() for a spec on this machine; chosen names an architecture
// the user picked for this compile (chosenBy: where), if any.
CompileTargetInputs compileTargetInputs(const CudaEnvironment &cuda, const Spec &spec,
                                        bool measuring, std::string chosen = {},
                                        std::string chosenBy = {});

} // namespace tb
