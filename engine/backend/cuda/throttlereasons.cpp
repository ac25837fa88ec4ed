#include "throttlereasons.h"

#include <cstdio>

namespace tb {

bool isThrottled(std::uint64_t reasons)
{
    return (reasons & throttle::kSlowdownMask) != 0;
}

std::string describeThrottleReasons(std::uint64_t reasons)
{
    static const std::pair<std::uint64_t, const char *> kNames[] = {
        {throttle::kGpuIdle, "gpu_idle"},
        {throttle::kApplicationsClocksSetting, "applications_clocks_setting"},
        {throttle::kSwPowerCap, "sw_power_cap"},
        {throttle::kHwSlowdown, "hw_slowdown"},
        {throttle::kSyncBoost, "sync_boost"},
        {throttle::kSwThermalSlowdown, "sw_thermal_slowdown"},
        {throttle::kHwThermalSlowdown, "hw_thermal_slowdown"},
        {throttle::kHwPowerBrakeSlowdown, "hw_power_brake_slowdown"},
        {throttle::kDisplayClockSetting, "display_clock_setting"},
    };
    if (reasons == 0)
        return "none";
    std::string text;
    std::uint64_t known = 0;
    for (const auto &[bit, name] : kNames) {
        known |= bit;
        if (reasons & bit)
            text += (text.empty() ? "" : ", ") + std::string(name);
    }
    if (const std::uint64_t unknown = reasons & ~known; unknown != 0) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(unknown));
        text += (text.empty() ? "" : ", ") + std::string(hex);
    }
    return text;
}

} // namespace tb
