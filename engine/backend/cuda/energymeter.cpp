#include "energymeter.h"

namespace tb {

EnergyMeter EnergyMeter::open(const std::string &pciBusId, std::string *why)
{
    EnergyMeter meter;
    auto nvml = NvmlLibrary::load();
    if (!nvml) {
        *why = nvml.error().toString();
        return meter;
    }
    if (!nvml->deviceGetTotalEnergyConsumption) {
        *why = "this NVML has no energy counter (nvmlDeviceGetTotalEnergyConsumption)";
        return meter;
    }
    const auto device = nvml->deviceAt(pciBusId);
    if (!device) {
        *why = device.error().toString();
        return meter;
    }
    unsigned long long probe = 0;
    if (const auto code = nvml->deviceGetTotalEnergyConsumption(*device, &probe);
        code != NvmlLibrary::kSuccess) {
        *why = "NVML reads no energy counter on this GPU: " + nvml->errorText(code);
        return meter;
    }
    meter.m_nvml = std::move(*nvml);
    meter.m_device = *device;
    return meter;
}

std::optional<std::uint64_t> EnergyMeter::millijoules() const
{
    unsigned long long value = 0;
    if (!m_nvml ||
        m_nvml->deviceGetTotalEnergyConsumption(m_device, &value) != NvmlLibrary::kSuccess)
        return std::nullopt;
    return value;
}

} // namespace tb
