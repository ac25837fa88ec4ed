#pragma once

#include "model/expected.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// What a GPU allows per block and per SM: the inputs of the occupancy calculation and of the
// launch checks. Sizes are bytes. A real device's limits come from the driver; the built-in
// table (knownDeviceLimits) serves compile-only work on machines without a GPU.
struct DeviceLimits
{
    int computeMajor = 0;
    int computeMinor = 0;
    int smCount = 0;
    int maxThreadsPerBlock = 1024;
    int maxThreadsPerSm = 2048;
    int maxBlocksPerSm = 32;
    int maxRegistersPerSm = 65536;
    int maxRegistersPerBlock = 65536;
    int maxRegistersPerThread = 255;
    int maxSharedPerSm = 0;            // the largest shared-memory carveout of an SM
    int maxSharedPerBlock = 48 * 1024; // without opting in (cuFuncSetAttribute)
    int maxSharedPerBlockOptin = 0;    // with the opt-in
    int reservedSharedPerBlock = 0;    // what the driver keeps per block (1 KiB since sm_80)
    int warpSize = 32;
    int registerAllocationUnit = 256; // registers are given to warps in multiples of this
    int sharedAllocationUnit = 128;   // a block's shared memory is rounded up to this
    int registerSubPartitions = 4;    // register file partitions (schedulers) per SM
    int barriersPerSm = 0;            // block barriers per SM since sm_90; 0: no limit
    std::array<std::uint64_t, 3> maxBlockDim{1024, 1024, 64};
    std::array<std::uint64_t, 3> maxGridDim{2147483647, 65535, 65535};
    std::string name;
    std::uint64_t l2CacheBytes = 0;
};

// Limits of a representative GPU of the architecture ("sm_90" -> H100 SXM; an "a"/"f" suffix
// as in "sm_90a" is ignored), or InvalidArgument naming the architectures in the table:
// sm_75, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120. Per-architecture facts follow the CUDA
// programming guide and cuda_occupancy.h; SM count and L2 size are those of the named product.
Expected<DeviceLimits> knownDeviceLimits(const std::string &arch);

std::vector<std::string> knownDeviceArchitectures();

} // namespace tb
