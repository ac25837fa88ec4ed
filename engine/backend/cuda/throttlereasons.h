#pragma once

#include <cstdint>
#include <string>

namespace tb {

// NVML's clocks-event (formerly "throttle") reason bits, nvmlClocksEventReason* in nvml.h.
// Their values are part of NVML's stable ABI.
namespace throttle {
inline constexpr std::uint64_t kGpuIdle = 0x1;
inline constexpr std::uint64_t kApplicationsClocksSetting = 0x2;
inline constexpr std::uint64_t kSwPowerCap = 0x4;
inline constexpr std::uint64_t kHwSlowdown = 0x8;
inline constexpr std::uint64_t kSyncBoost = 0x10;
inline constexpr std::uint64_t kSwThermalSlowdown = 0x20;
inline constexpr std::uint64_t kHwThermalSlowdown = 0x40;
inline constexpr std::uint64_t kHwPowerBrakeSlowdown = 0x80;
inline constexpr std::uint64_t kDisplayClockSetting = 0x100;

// The reasons that mean the GPU ran slower than it could while measuring: power capping,
// thermal and hardware slowdowns, the power brake. Idle, application clocks, sync boost and
// display clocks are states, not slowdowns, and do not count.
inline constexpr std::uint64_t kSlowdownMask =
    kSwPowerCap | kHwSlowdown | kSwThermalSlowdown | kHwThermalSlowdown | kHwPowerBrakeSlowdown;
} // namespace throttle

// Pure. Whether a reason mask has a slowdown among its bits (throttle::kSlowdownMask).
bool isThrottled(std::uint64_t reasons);

// Pure. "sw_power_cap, hw_thermal_slowdown": the names of the bits set, in bit order; unknown
// bits as "0x..."; "none" for 0.
std::string describeThrottleReasons(std::uint64_t reasons);

} // namespace tb
