#pragma once

#include "devicelimits.h"
#include "launchshape.h"
#include "ptxasreport.h"

#include <cstdint>
#include <string>

namespace tb {

// How many blocks of a kernel fit on one SM at once, and why not more.
struct Occupancy
{
    int blocksPerSm = 0;
    int warpsPerSm = 0;
    double occupancy = 0; // warpsPerSm / the SM's warp slots, 0..1
    // "threads" | "blocks" | "registers" | "shared_memory" | "barriers" ("launch_shape" from
    // launchOccupancy when an extent is out of range)
    std::string limitedBy;
    bool launchable = false;
    std::string whyNot; // when not launchable: e.g. "2048 threads per block exceed the limit
                        // of 1024"; limitedBy then names the resource
};

// The theoretical occupancy, by the rules of the CUDA occupancy calculator (cuda_occupancy.h,
// default shared-memory carveout, shared memory opted in up to the per-block maximum). With
// W = ceil(threads / warpSize) warps per block:
//   threads:   floor(maxThreadsPerSm / warpSize / W)
//   blocks:    maxBlocksPerSm
//   registers: registers are given to warps in units of registerAllocationUnit:
//              R = roundUp(registersPerThread * warpSize, 256) per warp; each of the
//              registerSubPartitions register files holds floor(maxRegistersPerSm / 4 / R)
//              warps, so floor(4 * that / W) blocks (no limit for 0 registers)
//   shared:    S = roundUp(sharedPerBlock + reservedSharedPerBlock, sharedAllocationUnit);
//              floor(maxSharedPerSm / S)
//   barriers:  floor(barriersPerSm / barriersPerBlock) when both are set (sm_90 and later)
// blocksPerSm is the smallest; limitedBy names the first smallest in the order above.
// Not launchable (blocksPerSm 0) when the block has more threads than maxThreadsPerBlock, a
// thread more registers than maxRegistersPerThread, the block more registers than
// maxRegistersPerBlock (R * W, and R * roundUp(W, 4) as the hardware checks it), or more
// shared memory (static + dynamic) than maxSharedPerBlockOptin.
Occupancy theoreticalOccupancy(const DeviceLimits &limits, std::uint64_t threadsPerBlock,
                               int registersPerThread, std::uint64_t sharedPerBlock,
                               int barriersPerBlock = 0);

// Why `shape` cannot launch on such a device (an extent above maxBlockDim / maxGridDim, or more
// threads per block than allowed), or "" when its dimensions are fine.
std::string launchShapeViolation(const DeviceLimits &limits, const LaunchShape &shape);

// Both checks for a compiled kernel and a launch: theoreticalOccupancy with the kernel's
// registers, its static plus the launch's dynamic shared memory and its barriers, then the
// shape's extents (limitedBy "launch_shape" when one is out of range).
Occupancy launchOccupancy(const DeviceLimits &limits, const ResourceUsage &usage,
                          const LaunchShape &shape);

} // namespace tb
