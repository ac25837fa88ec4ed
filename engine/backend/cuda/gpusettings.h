#pragma once

#include "gpusettingsrecord.h"
#include "nvmllibrary.h"

#include "model/expected.h"
#include "model/gpusettingparameters.h"

#include <memory>
#include <string>
#include <vector>

namespace tb {

// The GPU settings a spec tunes (gpu_clock_mhz, power_limit_w), applied through NVML to the
// measured GPU and always put back: by restore() or the destructor at a normal end, and from
// the record file (gpusettingsrecord.h) by whoever comes after a worker that was killed.
// Clocks are put back by unlocking them (NVML cannot read a lock); the power limit to what it
// was before the first change.
class GpuSettings
{
public:
    // Loads NVML, finds the GPU and checks that this process may change its settings (root):
    // NoDevice without NVML or its setters, BackendError when NVML refuses, saying why.
    static Expected<std::unique_ptr<GpuSettings>> open(const std::string &pciBusId,
                                                       std::string recordDirectory);
    // For a spec: nullptr when it tunes no GPU setting; else open()'s errors, or InvalidSpec
    // for the first value this GPU does not accept.
    static Expected<std::unique_ptr<GpuSettings>> openFor(const std::vector<Parameter> &parameters,
                                                          const std::string &pciBusId,
                                                          std::string recordDirectory);
    ~GpuSettings();
    GpuSettings(const GpuSettings &) = delete;
    GpuSettings &operator=(const GpuSettings &) = delete;

    // InvalidSpec naming the value and what this GPU accepts.
    Status checkClock(unsigned mhz) const;
    Status checkPowerLimit(unsigned watts) const;

    // Sets what `wanted` names and differs from what is set now; a setting it leaves out is
    // put back. The record is saved before the first change.
    Status apply(const GpuSettingValues &wanted);
    void restore();

    // Puts back what each record in `recordDirectory` whose worker is gone says, and removes
    // it; a line for each record, saying what was restored or why not.
    static std::vector<std::string> restoreLeftovers(const std::string &recordDirectory);

private:
    GpuSettings(NvmlLibrary nvml, NvmlLibrary::Device device) : m_nvml(nvml), m_device(device) {}
    Status readLimits();
    Status checkPermission() const;
    Status lockClocks(unsigned mhz);
    void awaitClock(unsigned mhz) const;
    Status setPowerLimit(unsigned milliwatts);
    Status saveRecord();
    static Status restoreFrom(const NvmlLibrary &nvml, const GpuSettingsRecord &record);

    NvmlLibrary m_nvml;
    NvmlLibrary::Device m_device;
    std::string m_recordDirectory;
    GpuSettingsRecord m_record; // what is changed now, and the original power limit
    unsigned m_clockMinMhz = 0, m_clockMaxMhz = 0;
    unsigned m_powerMinMw = 0, m_powerMaxMw = 0, m_originalPowerMw = 0;
    GpuSettingValues m_applied; // nullopt: as found
};

} // namespace tb
