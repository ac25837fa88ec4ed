#include "kernellaunch.h"

#include "cudadriver.h"

namespace tb {

namespace {

// The checks before the launch keep every extent within the device's limits (grid.x below
// 2^31, the rest below 2^16), so the narrowing is exact.
unsigned extent(std::uint64_t value)
{
    return static_cast<unsigned>(value);
}

} // namespace

CudaStatus KernelLaunch::launch(const CudaDriver &driver, CUstream stream) const
{
    if (clusterX > 1)
        return launchCluster(driver, stream);
    return driver.check(driver.launchKernel(function, extent(shape.grid[0]), extent(shape.grid[1]),
                                            extent(shape.grid[2]), extent(shape.block[0]),
                                            extent(shape.block[1]), extent(shape.block[2]),
                                            extent(shape.dynamicSharedBytes), stream, params,
                                            nullptr),
                        "cuLaunchKernel");
}

// As Triton 3.6's launcher (backends/nvidia/driver.py, _launch) does for num_ctas > 1: the
// cluster's dimension, and the scheduling policy that spreads clusters over the GPCs.
CudaStatus KernelLaunch::launchCluster(const CudaDriver &driver, CUstream stream) const
{
    CUlaunchAttribute attributes[2] = {};
    attributes[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attributes[0].value.clusterDim.x = clusterX;
    attributes[0].value.clusterDim.y = 1;
    attributes[0].value.clusterDim.z = 1;
    attributes[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
    attributes[1].value.clusterSchedulingPolicyPreference = CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
    CUlaunchConfig config = {};
    config.gridDimX = extent(shape.grid[0]);
    config.gridDimY = extent(shape.grid[1]);
    config.gridDimZ = extent(shape.grid[2]);
    config.blockDimX = extent(shape.block[0]);
    config.blockDimY = extent(shape.block[1]);
    config.blockDimZ = extent(shape.block[2]);
    config.sharedMemBytes = extent(shape.dynamicSharedBytes);
    config.hStream = stream;
    config.attrs = attributes;
    config.numAttrs = 2;
    return driver.check(driver.launchKernelEx(&config, function, params, nullptr),
                        "cuLaunchKernelEx");
}

} // namespace tb
