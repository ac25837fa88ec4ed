#pragma once

#include "model/expected.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// One kernel execution as CUPTI's activity API reports it (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL
// records): GPU timestamps in nanoseconds.
struct KernelRecord
{
    std::string name; // the kernel's symbol (mangled unless extern "C")
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint32_t correlationId = 0; // the launch's driver API correlation id
};

// Pure. The durations (seconds, end - start) of the launches of kernel `name` among `records`,
// in the order they ran (by start): exactly `expected` of them. Records of other kernels are
// skipped (the L2 flush kernel, tb_l2_flush, among them). An
// error (Internal) when the count differs from `expected` (a record lost or one left over from
// launches that were not meant to be timed) or when a record has no timestamps (CUPTI leaves
// start and end 0 when it could not take them) or ends before it starts.
Expected<std::vector<double>> kernelDurations(std::span<const KernelRecord> records,
                                              std::string_view name, std::size_t expected);

} // namespace tb
