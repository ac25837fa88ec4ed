#include "cudaenvironment.h"

#include "cudadeviceinfo.h"
#include "cudadriver.h"

#include <cstdlib>
#include <sstream>

namespace tb {

namespace {

// CUDA_VISIBLE_DEVICES as a list; each entry becomes one bench worker's own setting.
std::vector<std::string> visibleDevicesFromEnvironment()
{
    std::vector<std::string> devices;
    const char *visible = std::getenv("CUDA_VISIBLE_DEVICES");
    if (!visible)
        return devices;
    std::stringstream list(visible);
    std::string entry;
    while (std::getline(list, entry, ','))
        if (!entry.empty())
            devices.push_back(entry);
    return devices;
}

} // namespace

CudaEnvironment probeCudaEnvironment()
{
    CudaEnvironment environment;
    auto driver = CudaDriver::load();
    if (!driver) {
        environment.whyNot = driver.error().toString();
        return environment;
    }
    environment.driverFound = true;
    int count = 0;
    if (driver->deviceGetCount(&count) != CUDA_SUCCESS || count == 0) {
        environment.whyNot = "the CUDA driver sees no GPU";
        return environment;
    }
    environment.gpus = visibleDevicesFromEnvironment();
    if (environment.gpus.empty()) {
        for (int i = 0; i < count; ++i)
            environment.gpus.push_back(std::to_string(i));
    }
    CUdevice device = 0;
    if (driver->deviceGet(&device, 0) == CUDA_SUCCESS) {
        if (auto info = queryDeviceInfo(*driver, device, 0)) {
            environment.arch = info->arch();
            environment.deviceName = info->description();
        }
    }
    return environment;
}

} // namespace tb
