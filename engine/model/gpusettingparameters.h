#pragma once

#include "configuration.h"
#include "parameter.h"

#include <optional>
#include <string_view>
#include <vector>

namespace tb {

// Tunable parameters that are not the kernel's: GPU settings the CUDA bench worker applies
// around each configuration (NVML, root only), so that a run can trade time for energy. They
// never reach the kernel's source or its compile cache key: one build serves every clock.
inline constexpr std::string_view kGpuClockParameter = "gpu_clock_mhz";   // locked SM clock
inline constexpr std::string_view kPowerLimitParameter = "power_limit_w"; // board power limit

bool isGpuSettingParameter(std::string_view name);

// What a configuration asks of its GPU; nullopt where the spec does not tune a setting.
struct GpuSettingValues
{
    std::optional<unsigned> clockMhz;
    std::optional<unsigned> powerLimitW;

    bool operator==(const GpuSettingValues &) const = default;
};

// The settings' values in `config` (in the order of `parameters`, as Configuration holds them).
GpuSettingValues gpuSettingsOf(const std::vector<Parameter> &parameters,
                               const Configuration &config);

bool tunesGpuSettings(const std::vector<Parameter> &parameters);

} // namespace tb
