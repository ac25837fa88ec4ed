#pragma once

#include "compile/devicelimits.h"
#include "compile/launchshape.h"
#include "compile/occupancy.h"
#include "compile/ptxasreport.h"
#include "cudamodule.h"

#include <string>

namespace tb {

// The outcome of checking a loaded kernel's launch before making it.
struct LaunchCheck
{
    ResourceUsage usage; // ptxas's figures, registers and static shared memory as loaded
    Occupancy occupancy; // theoretical, for result.resources
    std::string problem; // why it cannot launch: the invalid_launch message; "" when it can
};

// Pure. Checks a launch of a loaded kernel on a device before the driver refuses it (which it
// does with a bare CUDA_ERROR_INVALID_VALUE or LAUNCH_OUT_OF_RESOURCES that says nothing of
// which limit was hit): launchOccupancy over the kernel's registers and static shared memory as
// the driver reports them for the loaded code (these win over ptxas's report where they
// differ), then the function's own thread limit, which __launch_bounds__ and the register count
// set below the device's.
LaunchCheck checkLaunch(const DeviceLimits &limits, const ResourceUsage &reported,
                        const CudaFunctionAttributes &attributes, const LaunchShape &shape);

} // namespace tb
