#pragma once

#include "measure/measurementobserver.h"
#include "model/result.h"
#include "nvmllibrary.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// The GPU's SM clock and clocks-event ("throttle") reasons at one moment, from NVML.
struct ClockState
{
    bool valid = false; // false when NVML could not be asked
    unsigned smClockMhz = 0;
    std::uint64_t reasons = 0; // throttle:: bits
};

// Reads the measured GPU's clock state through NVML, before and after each measurement, so a
// result measured while the GPU slowed down is flagged: the CUDA backend's observer. NVML numbers
// GPUs its own way (CUDA_VISIBLE_DEVICES does not apply), so the device is found by its PCI bus id.
// Without NVML (no driver library, a container without it) the monitor reports nothing and says why
// once.
class GpuClockMonitor : public MeasurementObserver
{
public:
    GpuClockMonitor() = default; // reports nothing
    // A monitor of the GPU at `pciBusId` (cuDeviceGetPCIBusId's form); when NVML or the device
    // cannot be had, one that reports nothing, with *why set.
    static GpuClockMonitor open(const std::string &pciBusId, std::string *why);

    bool available() const { return m_nvml.has_value(); }
    ClockState sample() const;

    // MeasurementObserver: "sm_clock_mhz", "throttle_reasons", "throttled" as record() says.
    std::span<const std::string_view> figureKeys() const override;
    void beforeMeasurement() override;
    void afterMeasurement(Result &result) override;

    // Pure. Puts the state into result.resources: "sm_clock_mhz" (after), "throttle_reasons"
    // (the bits seen before or after), "throttled" (1 when those hold a slowdown, else 0).
    // Nothing when neither state is valid; the clock only from a valid `after`.
    static void record(Result &result, const ClockState &before, const ClockState &after);

private:
    std::optional<NvmlLibrary> m_nvml;
    NvmlLibrary::Device m_device = nullptr;
    ClockState m_before;
};

} // namespace tb
