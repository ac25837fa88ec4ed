#pragma once

#include "compile/launchshape.h"
#include "compile/tritonlaunch.h"
#include "cudafailure.h"
#include "devicebuffer.h"
#include "model/spec.h"

#include <cuda.h>

#include <vector>

namespace tb {

class CudaDriver;

// The kernelParams of a Triton kernel's launch, as Triton 3.6's launcher passes them
// (docs/triton-launch.md): the spec's arguments in the order of the kernel's passed
// parameters (no constexprs, no integers specialised to 1), then the global and the profile
// scratch pointers. A scratch of size 0 is a null pointer; otherwise it is allocated for every
// program of the launch (grid x num_ctas x its size), once per configuration rather than per
// launch as Triton does: scratch contents do not outlive a launch.
class TritonLaunchParameters
{
public:
    explicit TritonLaunchParameters(const CudaDriver &driver)
        : m_globalScratch(driver), m_profileScratch(driver)
    {}

    // `specParams` are CudaArgumentSet::kernelParams(), one per spec argument in spec order.
    // runtime_error naming the parameter when the build passes one the spec has no argument
    // for; invalid_launch when the scratch cannot be allocated.
    CudaStatus bind(const TritonLaunch &launch, const std::vector<Argument> &specArguments,
                    void **specParams, const LaunchShape &shape);

    void **params() { return m_params.data(); }

private:
    CudaStatus allocateScratch(DeviceBuffer &buffer, CUdeviceptr &pointer,
                               std::uint64_t bytesPerProgram, std::uint64_t programs);

    std::vector<void *> m_params;
    DeviceBuffer m_globalScratch;
    DeviceBuffer m_profileScratch;
    CUdeviceptr m_globalPointer = 0;
    CUdeviceptr m_profilePointer = 0;
};

} // namespace tb
