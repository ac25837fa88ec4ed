#include "cudaenvironment.h"

#include "cudadeviceinfo.h"
#include "cudadriver.h"

#include <algorithm>
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
    // The driver numbers what CUDA_VISIBLE_DEVICES lets it see in the list's order, so entry i
    // of the list is device i here and the only device of the bench worker given entry i.
    // Entries past the driver's count name no GPU (the driver stops at the first bad one).
    std::vector<std::string> visible = visibleDevicesFromEnvironment();
    if (visible.empty())
        for (int i = 0; i < count; ++i)
            visible.push_back(std::to_string(i));
    visible.resize(std::min(visible.size(), static_cast<std::size_t>(count)));
    for (std::size_t i = 0; i < visible.size(); ++i) {
        GpuIdentity identity;
        identity.visibleDevice = visible[i];
        CUdevice device = 0;
        if (driver->deviceGet(&device, static_cast<int>(i)) == CUDA_SUCCESS) {
            if (auto info = queryDeviceInfo(*driver, device, static_cast<int>(i))) {
                identity.name = info->name;
                identity.uuid = info->uuid;
                identity.arch = info->arch();
                identity.peaks = info->peaks;
                if (i == 0) {
                    environment.arch = info->arch();
                    environment.deviceName = info->description();
                }
            }
        }
        environment.gpus.push_back(visible[i]);
        environment.devices.push_back(std::move(identity));
    }
    return environment;
}

} // namespace tb
