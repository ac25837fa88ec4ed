#include "nvmllibrary.h"

#include <dlfcn.h>

namespace tb {

namespace {

template <typename Function> bool resolve(void *library, const char *symbol, Function &function)
{
    void *address = dlsym(library, symbol);
    function = reinterpret_cast<Function>(address);
    return address != nullptr;
}

void resolveSettings(void *library, NvmlLibrary &nvml)
{
    resolve(library, "nvmlDeviceSetGpuLockedClocks", nvml.deviceSetGpuLockedClocks);
    resolve(library, "nvmlDeviceResetGpuLockedClocks", nvml.deviceResetGpuLockedClocks);
    resolve(library, "nvmlDeviceGetSupportedMemoryClocks", nvml.deviceGetSupportedMemoryClocks);
    resolve(library, "nvmlDeviceGetSupportedGraphicsClocks", nvml.deviceGetSupportedGraphicsClocks);
    resolve(library, "nvmlDeviceGetPowerManagementLimit", nvml.deviceGetPowerManagementLimit);
    resolve(library, "nvmlDeviceGetPowerManagementLimitConstraints",
            nvml.deviceGetPowerManagementLimitConstraints);
    resolve(library, "nvmlDeviceSetPowerManagementLimit", nvml.deviceSetPowerManagementLimit);
}

} // namespace

Expected<NvmlLibrary> NvmlLibrary::load()
{
    void *library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        return makeError(EngineError::Code::NoDevice, "NVML cannot be loaded",
                         why ? why : "libnvidia-ml.so.1");
    }
    NvmlLibrary nvml;
    const bool complete =
        resolve(library, "nvmlInit_v2", nvml.init) &&
        resolve(library, "nvmlDeviceGetHandleByPciBusId_v2", nvml.deviceGetHandleByPciBusId) &&
        resolve(library, "nvmlDeviceGetClockInfo", nvml.deviceGetClockInfo) &&
        resolve(library, "nvmlErrorString", nvml.errorString) &&
        (resolve(library, "nvmlDeviceGetCurrentClocksEventReasons",
                 nvml.deviceGetCurrentClocksEventReasons) ||
         resolve(library, "nvmlDeviceGetCurrentClocksThrottleReasons",
                 nvml.deviceGetCurrentClocksEventReasons));
    if (!complete)
        return makeError(EngineError::Code::NoDevice, "NVML lacks a function the monitor needs");
    resolve(library, "nvmlDeviceGetTotalEnergyConsumption", nvml.deviceGetTotalEnergyConsumption);
    resolveSettings(library, nvml);
    if (const Return code = nvml.init(); code != kSuccess)
        return makeError(EngineError::Code::NoDevice, "nvmlInit failed", nvml.errorText(code));
    return nvml;
}

Expected<NvmlLibrary::Device> NvmlLibrary::deviceAt(const std::string &pciBusId) const
{
    Device device = nullptr;
    if (const Return code = deviceGetHandleByPciBusId(pciBusId.c_str(), &device); code != kSuccess)
        return makeError(EngineError::Code::NoDevice, "NVML cannot find the GPU at " + pciBusId,
                         errorText(code));
    return device;
}

std::string NvmlLibrary::errorText(Return code) const
{
    const char *text = errorString ? errorString(code) : nullptr;
    return text ? text : "nvmlReturn " + std::to_string(code);
}

} // namespace tb
