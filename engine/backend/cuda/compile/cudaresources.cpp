#include "cudaresources.h"

namespace tb {

void fillResources(Result &result, const ResourceUsage &usage, const LaunchShape &shape,
                   const Occupancy &occupancy)
{
    auto &resources = result.resources;
    resources["registers"] = usage.registers;
    resources["spill_stores"] = usage.spillStoreBytes;
    resources["spill_loads"] = usage.spillLoadBytes;
    resources["stack_frame"] = usage.stackFrameBytes;
    resources["static_shared"] = usage.staticSharedBytes;
    resources["dynamic_shared"] = static_cast<double>(shape.dynamicSharedBytes);
    resources["constant_memory"] = usage.constantBytes;
    resources["barriers"] = usage.barriers;
    resources["threads_per_block"] = static_cast<double>(shape.threadsPerBlock());
    resources["blocks_per_sm"] = occupancy.blocksPerSm;
    resources["warps_per_sm"] = occupancy.warpsPerSm;
    resources["occupancy"] = occupancy.occupancy;
}

} // namespace tb
