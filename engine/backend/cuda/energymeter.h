#pragma once

#include "nvmllibrary.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// NVML's energy counter of the measured GPU, found by its PCI bus id as the
// clock monitor finds it. Without NVML, or on a GPU whose NVML has no energy counter (before
// Volta), the meter is unavailable and open() says why.
class EnergyMeter
{
public:
    EnergyMeter() = default; // unavailable
    static EnergyMeter open(const std::string &pciBusId, std::string *why);

    bool available() const { return m_nvml.has_value(); }
    // Millijoules the GPU used since its driver loaded; nullopt when NVML does not answer.
    std::optional<std::uint64_t> millijoules() const;

private:
    std::optional<NvmlLibrary> m_nvml;
    NvmlLibrary::Device m_device = nullptr;
};

} // namespace tb
