#include "gpusettingparameters.h"

#include <algorithm>

namespace tb {

bool isGpuSettingParameter(std::string_view name)
{
    return name == kGpuClockParameter || name == kPowerLimitParameter;
}

GpuSettingValues gpuSettingsOf(const std::vector<Parameter> &parameters,
                               const Configuration &config)
{
    GpuSettingValues settings;
    for (std::size_t i = 0; i < parameters.size() && i < config.values.size(); ++i) {
        // The spec checker allows whole positive values only.
        const auto value = static_cast<unsigned>(config.values[i]);
        if (parameters[i].name == kGpuClockParameter)
            settings.clockMhz = value;
        else if (parameters[i].name == kPowerLimitParameter)
            settings.powerLimitW = value;
    }
    return settings;
}

bool tunesGpuSettings(const std::vector<Parameter> &parameters)
{
    return std::any_of(parameters.begin(), parameters.end(),
                       [](const Parameter &p) { return isGpuSettingParameter(p.name); });
}

} // namespace tb
