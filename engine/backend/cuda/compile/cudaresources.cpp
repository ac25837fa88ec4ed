#include "cudaresources.h"

#include "model/resultfigure.h"

namespace tb {

void fillResources(Result &result, const ResourceUsage &usage, const LaunchShape &shape,
                   const Occupancy &occupancy)
{
    auto &resources = result.resources;
    resources[figures::kRegisters] = usage.registers;
    resources[figures::kSpillStores] = usage.spillStoreBytes;
    resources[figures::kSpillLoads] = usage.spillLoadBytes;
    resources[figures::kStackFrame] = usage.stackFrameBytes;
    resources[figures::kStaticShared] = usage.staticSharedBytes;
    resources[figures::kDynamicShared] = static_cast<double>(shape.dynamicSharedBytes);
    resources[figures::kConstantMemory] = usage.constantBytes;
    resources[figures::kBarriers] = usage.barriers;
    resources[figures::kThreadsPerBlock] = static_cast<double>(shape.threadsPerBlock());
    resources[figures::kBlocksPerSm] = occupancy.blocksPerSm;
    resources[figures::kWarpsPerSm] = occupancy.warpsPerSm;
    resources[figures::kOccupancy] = occupancy.occupancy;
}

} // namespace tb
