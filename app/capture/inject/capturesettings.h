#pragma once

#include "capture/captureenvironment.h"

#include <cstdint>
#include <optional>
#include <regex>
#include <string>

namespace tb {

// What tunebench-capture asked of the injection library, through the application's
// environment (the library has no command line of its own).
struct CaptureSettings
{
    std::string directory;               // TUNEBENCH_CAPTURE_DIR: where the capture goes
    std::string kernelPattern = ".*";    // TUNEBENCH_CAPTURE_KERNEL: searched in demangled names
    std::regex kernel{".*"};             //   compiled
    std::uint64_t launchesPerKernel = 1; // TUNEBENCH_CAPTURE_LAUNCHES
    // TUNEBENCH_CAPTURE_MAX_BYTES: the most saved of one pointer's allocation (an allocator's
    // pool can be gigabytes past a small tensor).
    std::uint64_t maxBytesPerPointer = std::uint64_t(1) << 30;

    // nullopt with *why set when TUNEBENCH_CAPTURE_DIR is unset or a value does not parse.
    static std::optional<CaptureSettings> fromEnvironment(std::string *why);
};

} // namespace tb
