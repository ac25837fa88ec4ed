#pragma once

#include <algorithm>
#include <array>
#include <string_view>

// What the Kernel Tuner cache format (Kernel Tuner 1.5, util.py) writes and reads, shared by the
// exporter that writes it (kerneltunerexport.h) and the replay reader (replay/
// kerneltunercachereader.h), so the two cannot drift apart.
namespace tb::kerneltuner {

// Kernel Tuner's failure classes (ErrorConfig and its subclasses), written by class name in
// place of a time. Its read_cache() turns exactly these strings back into failures.
inline constexpr std::string_view kInvalidConfig = "InvalidConfig";
inline constexpr std::string_view kCompilationFailed = "CompilationFailedConfig";
inline constexpr std::string_view kRuntimeFailed = "RuntimeFailedConfig";
inline constexpr std::string_view kErrorConfig = "ErrorConfig";
inline constexpr std::array<std::string_view, 4> kFailureNames = {
    kInvalidConfig, kCompilationFailed, kRuntimeFailed, kErrorConfig};

inline bool isFailureName(std::string_view text)
{
    return std::find(kFailureNames.begin(), kFailureNames.end(), text) != kFailureNames.end();
}

// Every time in the file (time, times, compile_time, ...) is in milliseconds.
inline constexpr double kMillisecondsPerSecond = 1e3;

// What Kernel Tuner's NVMLObserver adds to an entry: the energy per launch in J, the average
// power in W and the graphics (SM) clock in MHz (observers/nvml.py, Kernel Tuner 1.x).
inline constexpr char kEnergyField[] = "nvml_energy";
inline constexpr char kPowerField[] = "nvml_power";
inline constexpr char kCoreClockField[] = "core_freq";

// The key Kernel Tuner looks a configuration up by: its values, each as Python's str() prints
// it, joined with this (runners: ",".join([str(i) for i in element])).
inline constexpr char kKeySeparator = ',';

} // namespace tb::kerneltuner
