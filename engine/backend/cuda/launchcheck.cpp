#include "launchcheck.h"

namespace tb {

LaunchCheck checkLaunch(const DeviceLimits &limits, const ResourceUsage &reported,
                        const CudaFunctionAttributes &attributes, const LaunchShape &shape)
{
    LaunchCheck check;
    check.usage = reported;
    check.usage.registers = attributes.registers;
    check.usage.staticSharedBytes = attributes.staticSharedBytes;
    check.occupancy = launchOccupancy(limits, check.usage, shape);
    if (!check.occupancy.launchable) {
        check.problem = check.occupancy.whyNot;
        return check;
    }
    const auto threads = shape.threadsPerBlock();
    if (attributes.maxThreadsPerBlock > 0 &&
        threads > static_cast<std::uint64_t>(attributes.maxThreadsPerBlock))
        check.problem =
            std::to_string(threads) + " threads per block exceed the kernel's limit of " +
            std::to_string(attributes.maxThreadsPerBlock) + " (set by __launch_bounds__ or its " +
            std::to_string(attributes.registers) + " registers per thread)";
    return check;
}

} // namespace tb
