#include "cuptitimer.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <utility>

namespace tb {

namespace {

constexpr std::size_t kBufferBytes = 4 << 20;
constexpr std::size_t kBufferAlignment = 8; // CUPTI wants 8-byte aligned buffers

// What the C callbacks fill: CUPTI gives them no user pointer, so it is process-wide, which
// matches CUPTI's one client per process.
struct Collector
{
    std::mutex mutex;
    const CuptiLibrary *library = nullptr; // set while a CuptiTimer exists
    std::vector<KernelRecord> records;
    std::uint64_t dropped = 0;
};

Collector &collector()
{
    static Collector instance;
    return instance;
}

std::uint64_t dimension(std::int32_t value)
{
    return value > 0 ? static_cast<std::uint64_t>(value) : 0;
}

void CUPTIAPI bufferRequested(uint8_t **buffer, size_t *size, size_t *maxNumRecords)
{
    *buffer = static_cast<uint8_t *>(std::aligned_alloc(kBufferAlignment, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0; // as many as fit
}

void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t *buffer, size_t,
                              size_t validSize)
{
    Collector &state = collector();
    std::lock_guard lock(state.mutex);
    if (state.library) {
        CUpti_Activity *record = nullptr;
        while (state.library->activityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
            if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL &&
                record->kind != CUPTI_ACTIVITY_KIND_KERNEL)
                continue;
            // The fields read here sit at the same place in every kernel record version.
            const auto *kernel = reinterpret_cast<const CUpti_ActivityKernel10 *>(record);
            KernelRecord kept{kernel->name ? kernel->name : "",
                              kernel->start,
                              kernel->end,
                              kernel->correlationId,
                              {}};
            kept.shape.grid = {dimension(kernel->gridX), dimension(kernel->gridY),
                               dimension(kernel->gridZ)};
            kept.shape.block = {dimension(kernel->blockX), dimension(kernel->blockY),
                                dimension(kernel->blockZ)};
            kept.shape.dynamicSharedBytes = dimension(kernel->dynamicSharedMemory);
            state.records.push_back(std::move(kept));
        }
        size_t dropped = 0;
        if (state.library->activityGetNumDroppedRecords(context, streamId, &dropped) ==
            CUPTI_SUCCESS)
            state.dropped += dropped;
    }
    std::free(buffer);
}

} // namespace

std::unique_ptr<CuptiTimer> CuptiTimer::start(std::string *why)
{
    auto fail = [why](std::string reason) {
        if (why)
            *why = std::move(reason);
        return nullptr;
    };
    auto library = CuptiLibrary::load();
    if (!library)
        return fail(library.error().toString());
    {
        std::lock_guard lock(collector().mutex);
        if (collector().library)
            return fail("another CUPTI timer is running in this process");
    }
    std::unique_ptr<CuptiTimer> timer(new CuptiTimer(std::move(*library)));
    const CuptiLibrary &cupti = timer->m_library;
    if (const CUptiResult code =
            cupti.activityRegisterCallbacks(&bufferRequested, &bufferCompleted);
        code != CUPTI_SUCCESS)
        return fail("cuptiActivityRegisterCallbacks failed: " + cupti.errorText(code));
    if (const CUptiResult code = cupti.activityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        code != CUPTI_SUCCESS)
        return fail("cuptiActivityEnable(CONCURRENT_KERNEL) failed: " + cupti.errorText(code));
    std::lock_guard lock(collector().mutex);
    collector().library = &timer->m_library;
    collector().records.clear();
    collector().dropped = 0;
    return timer;
}

CuptiTimer::CuptiTimer(CuptiLibrary library) : m_library(std::move(library)) {}

CuptiTimer::~CuptiTimer()
{
    m_library.activityDisable(m_serial ? CUPTI_ACTIVITY_KIND_KERNEL
                                       : CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    m_library.activityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    std::lock_guard lock(collector().mutex);
    collector().library = nullptr;
    collector().records.clear();
}

Status CuptiTimer::useSerialRecords()
{
    if (const CUptiResult code = m_library.activityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        code != CUPTI_SUCCESS)
        return makeError(EngineError::Code::Internal,
                         "cuptiActivityDisable(CONCURRENT_KERNEL) failed: " +
                             m_library.errorText(code));
    if (const CUptiResult code = m_library.activityEnable(CUPTI_ACTIVITY_KIND_KERNEL);
        code != CUPTI_SUCCESS)
        return makeError(EngineError::Code::Internal,
                         "cuptiActivityEnable(KERNEL) failed: " + m_library.errorText(code));
    m_serial = true;
    return discard();
}

Status CuptiTimer::useConcurrentRecords()
{
    if (const CUptiResult code = m_library.activityDisable(CUPTI_ACTIVITY_KIND_KERNEL);
        code != CUPTI_SUCCESS)
        return makeError(EngineError::Code::Internal,
                         "cuptiActivityDisable(KERNEL) failed: " + m_library.errorText(code));
    if (const CUptiResult code = m_library.activityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        code != CUPTI_SUCCESS)
        return makeError(EngineError::Code::Internal,
                         "cuptiActivityEnable(CONCURRENT_KERNEL) failed: " +
                             m_library.errorText(code));
    m_serial = false;
    m_offsetSeconds = 0;
    return discard();
}

Status CuptiTimer::flush(unsigned flags)
{
    if (const CUptiResult code = m_library.activityFlushAll(flags); code != CUPTI_SUCCESS)
        return makeError(EngineError::Code::Internal,
                         "cuptiActivityFlushAll failed: " + m_library.errorText(code));
    return ok();
}

std::vector<KernelRecord> CuptiTimer::takeRecords(std::uint64_t &dropped)
{
    std::lock_guard lock(collector().mutex);
    dropped = std::exchange(collector().dropped, 0);
    return std::exchange(collector().records, {});
}

Status CuptiTimer::discard()
{
    Status flushed = flush(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    std::uint64_t dropped = 0;
    takeRecords(dropped);
    return flushed;
}

Expected<std::vector<double>> CuptiTimer::collect(const TimedLaunch &launch, std::size_t expected)
{
    if (Status flushed = flush(0); !flushed)
        return flushed.error();
    std::uint64_t dropped = 0;
    std::vector<KernelRecord> records = takeRecords(dropped);
    auto durations = kernelDurations(records, launch, expected);
    if (!durations) {
        // A buffer holding the last record may not count as complete yet: force it out once.
        if (Status flushed = flush(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED); !flushed)
            return flushed.error();
        std::uint64_t more = 0;
        std::vector<KernelRecord> late = takeRecords(more);
        dropped += more;
        records.insert(records.end(), late.begin(), late.end());
        durations = kernelDurations(records, launch, expected);
    }
    if (dropped > 0)
        return makeError(EngineError::Code::Internal,
                         "CUPTI dropped " + std::to_string(dropped) + " activity records");
    if (durations && m_offsetSeconds > 0)
        for (double &duration : *durations)
            duration = std::max(duration - m_offsetSeconds, 0.0);
    return durations;
}

} // namespace tb
