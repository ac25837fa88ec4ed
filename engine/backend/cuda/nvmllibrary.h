#pragma once

#include "model/expected.h"

#include <cstdint>
#include <string>

namespace tb {

// The few NVML functions the clock monitor and the energy meter use, loaded at run time from
// libnvidia-ml.so.1 (it comes with the driver, never with the toolkit). The toolkit installed here
// has no nvml.h, so the declarations are our own: they follow NVML's C API, whose ABI (the _v2
// entry points, return codes, clock type values) is stable across drivers.
class NvmlLibrary
{
public:
    using Return = int; // nvmlReturn_t; NVML_SUCCESS is 0
    struct DeviceHandle;
    using Device = DeviceHandle *; // nvmlDevice_t
    static constexpr Return kSuccess = 0;
    static constexpr int kClockSm = 1;         // NVML_CLOCK_SM
    static constexpr Return kNoPermission = 4; // NVML_ERROR_NO_PERMISSION

    // Loads the library and calls nvmlInit_v2. NoDevice when either fails.
    static Expected<NvmlLibrary> load();

    std::string errorText(Return code) const;
    // The GPU at `pciBusId` (as the driver API names it). NoDevice "NVML cannot find the GPU at
    // ...", NVML's reason in the detail, where it has none there.
    Expected<Device> deviceAt(const std::string &pciBusId) const;

    Return (*init)() = nullptr;                                            // nvmlInit_v2
    Return (*deviceGetHandleByPciBusId)(const char *, Device *) = nullptr; // ..._v2
    Return (*deviceGetClockInfo)(Device, int, unsigned *) = nullptr;       // nvmlClockType_t
    // nvmlDeviceGetCurrentClocksEventReasons (drivers >= 535), else the older name
    // nvmlDeviceGetCurrentClocksThrottleReasons: same signature, same bits.
    Return (*deviceGetCurrentClocksEventReasons)(Device, unsigned long long *) = nullptr;
    const char *(*errorString)(Return) = nullptr;
    // For energy (Volta and later; null where the library lacks it): millijoules since the
    // driver loaded. Not nvmlDeviceGetPowerUsage: on the H200 it is a one-second average that
    // lags a load (bench/results/energy.md).
    Return (*deviceGetTotalEnergyConsumption)(Device, unsigned long long *) = nullptr;
    // For GPU settings as tunables (gpusettings.h; null where the library lacks them). The
    // setters need root. Locked clocks in MHz, power limits in milliwatts.
    Return (*deviceSetGpuLockedClocks)(Device, unsigned, unsigned) = nullptr;
    Return (*deviceResetGpuLockedClocks)(Device) = nullptr;
    Return (*deviceGetSupportedMemoryClocks)(Device, unsigned *, unsigned *) = nullptr;
    Return (*deviceGetSupportedGraphicsClocks)(Device, unsigned, unsigned *, unsigned *) = nullptr;
    Return (*deviceGetPowerManagementLimit)(Device, unsigned *) = nullptr;
    Return (*deviceGetPowerManagementLimitConstraints)(Device, unsigned *, unsigned *) = nullptr;
    Return (*deviceSetPowerManagementLimit)(Device, unsigned) = nullptr;

private:
    NvmlLibrary() = default;
};

} // namespace tb
