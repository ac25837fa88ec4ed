#include "occupancy.h"

#include <algorithm>
#include <climits>

namespace tb {

namespace {

std::uint64_t roundUp(std::uint64_t value, std::uint64_t unit)
{
    return unit == 0 ? value : (value + unit - 1) / unit * unit;
}

Occupancy notLaunchable(std::string limitedBy, std::string why)
{
    Occupancy result;
    result.limitedBy = std::move(limitedBy);
    result.whyNot = std::move(why);
    return result;
}

} // namespace

Occupancy theoreticalOccupancy(const DeviceLimits &limits, std::uint64_t threadsPerBlock,
                               int registersPerThread, std::uint64_t sharedPerBlock,
                               int barriersPerBlock)
{
    const auto threads = std::to_string(threadsPerBlock);
    if (threadsPerBlock == 0)
        return notLaunchable("threads", "a block needs at least one thread");
    if (threadsPerBlock > static_cast<std::uint64_t>(limits.maxThreadsPerBlock))
        return notLaunchable("threads", threads + " threads per block exceed the limit of " +
                                            std::to_string(limits.maxThreadsPerBlock));
    if (registersPerThread > limits.maxRegistersPerThread)
        return notLaunchable("registers", std::to_string(registersPerThread) +
                                              " registers per thread exceed the limit of " +
                                              std::to_string(limits.maxRegistersPerThread));
    const std::uint64_t warpSize = static_cast<std::uint64_t>(std::max(limits.warpSize, 1));
    const std::uint64_t warps = (threadsPerBlock + warpSize - 1) / warpSize;
    const std::uint64_t subPartitions =
        static_cast<std::uint64_t>(std::max(limits.registerSubPartitions, 1));
    const std::uint64_t registersPerWarp =
        roundUp(static_cast<std::uint64_t>(std::max(registersPerThread, 0)) * warpSize,
                static_cast<std::uint64_t>(limits.registerAllocationUnit));
    // The hardware checks the block as if its warps were spread over all sub-partitions.
    const std::uint64_t registersPerBlock =
        std::max(registersPerWarp * warps, registersPerWarp * roundUp(warps, subPartitions));
    if (registersPerBlock > static_cast<std::uint64_t>(limits.maxRegistersPerBlock))
        return notLaunchable("registers",
                             threads + " threads x " + std::to_string(registersPerThread) +
                                 " registers need " + std::to_string(registersPerBlock) +
                                 " registers, the block limit is " +
                                 std::to_string(limits.maxRegistersPerBlock));
    if (sharedPerBlock > static_cast<std::uint64_t>(limits.maxSharedPerBlockOptin))
        return notLaunchable("shared_memory",
                             std::to_string(sharedPerBlock) +
                                 " bytes of shared memory per block exceed the limit of " +
                                 std::to_string(limits.maxSharedPerBlockOptin));

    const std::uint64_t unlimited = INT_MAX;
    const std::uint64_t byThreads =
        static_cast<std::uint64_t>(limits.maxThreadsPerSm) / warpSize / warps;
    const std::uint64_t byBlocks = static_cast<std::uint64_t>(limits.maxBlocksPerSm);
    const std::uint64_t byRegisters =
        registersPerWarp == 0 ? unlimited
                              : static_cast<std::uint64_t>(limits.maxRegistersPerSm) /
                                    subPartitions / registersPerWarp * subPartitions / warps;
    const std::uint64_t sharedAllocated =
        roundUp(sharedPerBlock + static_cast<std::uint64_t>(limits.reservedSharedPerBlock),
                static_cast<std::uint64_t>(limits.sharedAllocationUnit));
    const std::uint64_t byShared =
        sharedAllocated == 0 ? unlimited
                             : static_cast<std::uint64_t>(limits.maxSharedPerSm) / sharedAllocated;
    const std::uint64_t byBarriers =
        limits.barriersPerSm > 0 && barriersPerBlock > 0
            ? static_cast<std::uint64_t>(limits.barriersPerSm / barriersPerBlock)
            : unlimited;

    const std::pair<const char *, std::uint64_t> candidates[] = {{"threads", byThreads},
                                                                 {"blocks", byBlocks},
                                                                 {"registers", byRegisters},
                                                                 {"shared_memory", byShared},
                                                                 {"barriers", byBarriers}};
    Occupancy result;
    std::uint64_t blocks = unlimited;
    for (const auto &[name, count] : candidates)
        if (count < blocks) {
            blocks = count;
            result.limitedBy = name;
        }
    if (blocks == 0) {
        result.whyNot =
            "a block of " + threads + " threads does not fit on one SM (" + result.limitedBy + ")";
        return result;
    }
    result.launchable = true;
    result.blocksPerSm = static_cast<int>(blocks);
    result.warpsPerSm = static_cast<int>(blocks * warps);
    result.occupancy =
        static_cast<double>(result.warpsPerSm) /
        static_cast<double>(static_cast<std::uint64_t>(limits.maxThreadsPerSm) / warpSize);
    return result;
}

std::string launchShapeViolation(const DeviceLimits &limits, const LaunchShape &shape)
{
    static const char *const kAxes[] = {"x", "y", "z"};
    if (shape.threadsPerBlock() > static_cast<std::uint64_t>(limits.maxThreadsPerBlock))
        return std::to_string(shape.threadsPerBlock()) + " threads per block exceed the limit of " +
               std::to_string(limits.maxThreadsPerBlock);
    for (std::size_t i = 0; i < 3; ++i) {
        if (shape.block[i] > limits.maxBlockDim[i])
            return std::string("block.") + kAxes[i] + " = " + std::to_string(shape.block[i]) +
                   " exceeds the limit of " + std::to_string(limits.maxBlockDim[i]);
        if (shape.grid[i] > limits.maxGridDim[i])
            return std::string("grid.") + kAxes[i] + " = " + std::to_string(shape.grid[i]) +
                   " exceeds the limit of " + std::to_string(limits.maxGridDim[i]);
    }
    return {};
}

Occupancy launchOccupancy(const DeviceLimits &limits, const ResourceUsage &usage,
                          const LaunchShape &shape)
{
    Occupancy occupancy = theoreticalOccupancy(limits, shape.threadsPerBlock(), usage.registers,
                                               static_cast<std::uint64_t>(usage.staticSharedBytes) +
                                                   shape.dynamicSharedBytes,
                                               usage.barriers);
    if (!occupancy.launchable)
        return occupancy;
    if (std::string violation = launchShapeViolation(limits, shape); !violation.empty())
        return notLaunchable("launch_shape", std::move(violation));
    return occupancy;
}

} // namespace tb
