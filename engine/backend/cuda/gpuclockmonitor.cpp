#include "gpuclockmonitor.h"

#include "model/resultfigure.h"
#include "throttlereasons.h"

namespace tb {

GpuClockMonitor GpuClockMonitor::open(const std::string &pciBusId, std::string *why)
{
    GpuClockMonitor monitor;
    auto nvml = NvmlLibrary::load();
    if (!nvml) {
        if (why)
            *why = nvml.error().toString();
        return monitor;
    }
    const auto device = nvml->deviceAt(pciBusId);
    if (!device) {
        if (why)
            *why = device.error().toString();
        return monitor;
    }
    monitor.m_nvml = std::move(*nvml);
    monitor.m_device = *device;
    return monitor;
}

std::span<const std::string_view> GpuClockMonitor::figureKeys() const
{
    static constexpr std::string_view kKeys[] = {figures::kSmClockMhz, figures::kThrottleReasons,
                                                 figures::kThrottled};
    return kKeys;
}

void GpuClockMonitor::beforeMeasurement()
{
    m_before = sample();
}

void GpuClockMonitor::afterMeasurement(Result &result)
{
    record(result, m_before, sample());
}

ClockState GpuClockMonitor::sample() const
{
    ClockState state;
    if (!m_nvml)
        return state;
    unsigned clock = 0;
    unsigned long long reasons = 0;
    if (m_nvml->deviceGetClockInfo(m_device, NvmlLibrary::kClockSm, &clock) !=
            NvmlLibrary::kSuccess ||
        m_nvml->deviceGetCurrentClocksEventReasons(m_device, &reasons) != NvmlLibrary::kSuccess)
        return state;
    state.valid = true;
    state.smClockMhz = clock;
    state.reasons = reasons;
    return state;
}

void GpuClockMonitor::record(Result &result, const ClockState &before, const ClockState &after)
{
    if (!before.valid && !after.valid)
        return;
    const std::uint64_t reasons =
        (before.valid ? before.reasons : 0) | (after.valid ? after.reasons : 0);
    if (after.valid)
        result.resources[figures::kSmClockMhz] = after.smClockMhz;
    result.resources[figures::kThrottleReasons] = static_cast<double>(reasons);
    result.resources[figures::kThrottled] = isThrottled(reasons) ? 1 : 0;
}

} // namespace tb
