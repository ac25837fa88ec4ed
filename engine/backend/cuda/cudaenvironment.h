#pragma once

#include "model/gpuidentity.h"

#include <string>
#include <vector>

namespace tb {

// What the CLI and the workbench need to know before a CUDA run, found without creating a CUDA
// context (the supervisor's process never owns one: docs/architecture.md, Processes).
struct CudaEnvironment
{
    bool driverFound = false;
    std::string whyNot;            // "no CUDA driver found (libcuda.so.1: cannot open ...)"
    std::vector<std::string> gpus; // CUDA_VISIBLE_DEVICES value for each bench worker
    // What the driver says of each of gpus, in the same order (gpus[i] is devices[i]).
    std::vector<GpuIdentity> devices;
    std::string arch; // of the first GPU, e.g. "sm_90"; empty without one
    std::string deviceName;
};

CudaEnvironment probeCudaEnvironment();

// The identity of the GPU whose CUDA_VISIBLE_DEVICES value is `visible`: from the probe, or
// only its value where the probe could not name it.
GpuIdentity identityOf(const CudaEnvironment &cuda, const std::string &visible);

} // namespace tb
