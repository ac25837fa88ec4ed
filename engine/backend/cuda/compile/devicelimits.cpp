#include "devicelimits.h"

namespace tb {

namespace {

constexpr int kKiB = 1024;
constexpr std::uint64_t kMiB = 1024 * 1024;

struct Entry
{
    const char *arch;
    DeviceLimits limits;
};

DeviceLimits make(int major, int minor, const char *name, int smCount, int threadsPerSm,
                  int blocksPerSm, int sharedPerSmKiB, int sharedOptinKiB, std::uint64_t l2Bytes)
{
    DeviceLimits limits;
    limits.computeMajor = major;
    limits.computeMinor = minor;
    limits.name = name;
    limits.smCount = smCount;
    limits.maxThreadsPerSm = threadsPerSm;
    limits.maxBlocksPerSm = blocksPerSm;
    limits.maxSharedPerSm = sharedPerSmKiB * kKiB;
    limits.maxSharedPerBlockOptin = sharedOptinKiB * kKiB;
    limits.reservedSharedPerBlock = major >= 8 ? kKiB : 0;
    limits.sharedAllocationUnit = major >= 8 ? 128 : 256;
    // cuda_occupancy.h applies a block-barrier limit from sm_90 on: the SM has twice as many
    // barriers as block slots, except on sm_120 (as many).
    if (major >= 9)
        limits.barriersPerSm = major == 12 ? blocksPerSm : 2 * blocksPerSm;
    limits.l2CacheBytes = l2Bytes;
    return limits;
}

const std::vector<Entry> &table()
{
    static const std::vector<Entry> entries{
        {"sm_75", make(7, 5, "Tesla T4", 40, 1024, 16, 64, 64, 4 * kMiB)},
        {"sm_80", make(8, 0, "A100-SXM4-40GB", 108, 2048, 32, 164, 163, 40 * kMiB)},
        {"sm_86", make(8, 6, "GeForce RTX 3090", 82, 1536, 16, 100, 99, 6 * kMiB)},
        {"sm_89", make(8, 9, "L40S", 142, 1536, 24, 100, 99, 96 * kMiB)},
        {"sm_90", make(9, 0, "H100 SXM5 80GB", 132, 2048, 32, 228, 227, 50 * kMiB)},
        {"sm_100", make(10, 0, "B200", 148, 2048, 32, 228, 227, 126 * kMiB)},
        {"sm_120", make(12, 0, "GeForce RTX 5090", 170, 1536, 24, 100, 99, 96 * kMiB)},
    };
    return entries;
}

// "sm_90a" and "sm_100f" name the same chip as "sm_90" and "sm_100".
std::string baseArch(std::string arch)
{
    if (!arch.empty() && (arch.back() == 'a' || arch.back() == 'f'))
        arch.pop_back();
    return arch;
}

} // namespace

Expected<DeviceLimits> knownDeviceLimits(const std::string &arch)
{
    const std::string base = baseArch(arch);
    for (const auto &entry : table())
        if (base == entry.arch)
            return entry.limits;
    std::string known;
    for (const auto &name : knownDeviceArchitectures())
        known += (known.empty() ? "" : ", ") + name;
    return makeError(EngineError::Code::InvalidArgument,
                     "no built-in device limits for '" + arch + "'", "known: " + known);
}

std::vector<std::string> knownDeviceArchitectures()
{
    std::vector<std::string> names;
    for (const auto &entry : table())
        names.push_back(entry.arch);
    return names;
}

} // namespace tb
