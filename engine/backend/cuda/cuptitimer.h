#pragma once

#include "cuptilibrary.h"
#include "kernelrecords.h"
#include "model/expected.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Times kernels by their GPU start and end timestamps, from CUPTI's activity records
// (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, which does not serialise kernels): no launch
// overhead, no host clock. Records arrive in buffers CUPTI asks for and hands back through
// C callbacks; collect() flushes them (cuptiActivityFlushAll) after the caller synchronised its
// stream, and picks the launches of the measured kernel (kernelDurations).
//
// CUPTI allows one activity client per process, and refuses any when the program runs under
// Nsight Compute or another CUPTI tool (CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED): so at
// most one CuptiTimer exists at a time, and start() fails, saying why, whenever CUPTI cannot be
// used. The caller then times with CUDA events.
class CuptiTimer
{
public:
    // Loads CUPTI, registers the buffer callbacks and enables kernel records. Null with *why
    // set when CUPTI is missing, refuses, or another CuptiTimer exists.
    static std::unique_ptr<CuptiTimer> start(std::string *why);

    CuptiTimer(const CuptiTimer &) = delete;
    CuptiTimer &operator=(const CuptiTimer &) = delete;
    // Disables kernel records and drops what is left.
    ~CuptiTimer();

    // Flushes and forgets every record so far (warm-up and verification launches).
    Status discard();
    // Flushes (the caller synchronised the stream) and returns the durations of the `expected`
    // launches of `kernelName` since the last discard() or collect(), then forgets all records.
    // Internal error when CUPTI fails, dropped records, or the count is off.
    Expected<std::vector<double>> collect(std::string_view kernelName, std::size_t expected);

private:
    explicit CuptiTimer(CuptiLibrary library);
    Status flush(unsigned flags);
    std::vector<KernelRecord> takeRecords(std::uint64_t &dropped);

    CuptiLibrary m_library;
};

} // namespace tb
