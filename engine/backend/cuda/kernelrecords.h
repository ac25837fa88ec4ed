#pragma once

#include "compile/launchshape.h"
#include "model/expected.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// One kernel execution as CUPTI's activity API reports it (CUPTI_ACTIVITY_KIND_KERNEL or
// CONCURRENT_KERNEL records): GPU timestamps in nanoseconds, and the launch's geometry.
struct KernelRecord
{
    std::string name; // what CUPTI calls the kernel: not to be trusted, see kernelDurations
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint32_t correlationId = 0; // the launch's driver API correlation id
    LaunchShape shape;
};

// The launches to time: their geometry, and the kernel's symbol (for messages).
struct TimedLaunch
{
    LaunchShape shape;
    std::string symbol;
};

// Pure. The durations (seconds, end - start) of the launches of `launch` among `records`, in the
// order they ran (by start): exactly `expected` of them.
//
// A record is one of them when its geometry is the launch's and it is no launch of Tunebench's
// own kernels that run beside a measurement (the L2 flush, the context switch: modules loaded
// once per worker, so CUPTI names them right). The measured kernel's own name is not compared:
// CUPTI names a function after the first one it saw at the same place, so once a module is
// unloaded the next module's kernel can carry the old one's name (on an H200 with CUDA 13 every
// template instantiation after the first reported the reference configuration's mangled name,
// and every result fell back to CUDA events: issue 34). An error (Internal) when the count
// differs from `expected` (a record lost or one left over from launches that were not meant to
// be timed) or when a record has no timestamps (CUPTI leaves start and end 0 when it could not
// take them) or ends before it starts.
Expected<std::vector<double>> kernelDurations(std::span<const KernelRecord> records,
                                              const TimedLaunch &launch, std::size_t expected);

} // namespace tb
