#pragma once

#include "cuptilibrary.h"
#include "kernelrecords.h"
#include "model/expected.h"

#include <memory>
#include <string>
#include <vector>

namespace tb {

// Times kernels by their GPU start and end timestamps, from CUPTI's activity records: no launch
// overhead, no host clock. Records arrive in buffers CUPTI asks for and hands back through C
// callbacks; collect() flushes them (cuptiActivityFlushAll) after the caller synchronised its
// stream, and picks the launches of the measured kernel (kernelDurations).
//
// Which records: start() enables CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL. Tracing with those slows
// some kernels themselves (a 32 x 32-tile transpose with 1024-thread blocks by 7.6% on an H200,
// bench/results/cuda_transpose_fidelity.md), so unless a spec asks for the concurrent records
// (measurement.cupti_records) the backend moves the timer to the serialised KIND_KERNEL records
// (useSerialRecords), which leave a kernel at its own speed and add a near-constant ~2 us to
// each duration: the offset the backend measured on an empty kernel, which collect() then
// subtracts (calibrateCuptiRecords).
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
    // launches of `launch` since the last discard() or collect() (kernelDurations says which
    // records those are), then forgets all records. Internal error when CUPTI fails, dropped
    // records, or the count is off.
    Expected<std::vector<double>> collect(const TimedLaunch &launch, std::size_t expected);

    // From now on the serialised KIND_KERNEL records, or the concurrent ones again (offset 0);
    // each drops the records so far.
    Status useSerialRecords();
    Status useConcurrentRecords();
    // How much longer the records make a kernel than it is: collect() subtracts it.
    void setRecordOffset(double seconds) { m_offsetSeconds = seconds; }
    bool serialRecords() const { return m_serial; }
    double recordOffsetSeconds() const { return m_offsetSeconds; }

private:
    explicit CuptiTimer(CuptiLibrary library);
    Status flush(unsigned flags);
    std::vector<KernelRecord> takeRecords(std::uint64_t &dropped);

    CuptiLibrary m_library;
    bool m_serial = false;
    double m_offsetSeconds = 0;
};

} // namespace tb
