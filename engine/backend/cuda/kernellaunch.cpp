#include "kernellaunch.h"

#include "cudadriver.h"

namespace tb {

CudaStatus KernelLaunch::launch(const CudaDriver &driver, CUstream stream) const
{
    // The checks before the launch keep every extent within the device's limits (grid.x below
    // 2^31, the rest below 2^16), so the narrowing is exact.
    const auto extent = [](std::uint64_t value) { return static_cast<unsigned>(value); };
    return driver.check(driver.launchKernel(function, extent(shape.grid[0]), extent(shape.grid[1]),
                                            extent(shape.grid[2]), extent(shape.block[0]),
                                            extent(shape.block[1]), extent(shape.block[2]),
                                            extent(shape.dynamicSharedBytes), stream, params,
                                            nullptr),
                        "cuLaunchKernel");
}

} // namespace tb
