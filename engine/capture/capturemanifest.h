#pragma once

#include "model/spec.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// What tunebench-capture saw of a running application: the model of DIR/capture.json, whose
// format docs/capture-format.md gives. Paths are relative to the capture folder.

struct CapturedArgument
{
    enum class Kind
    {
        Scalar,
        Pointer
    };
    int index = 0;
    std::uint64_t bytes = 0; // the parameter's size in the kernel's parameter buffer
    Kind kind = Kind::Scalar;
    std::optional<ElementType> type; // from the demangled signature; nullopt when it is silent
    std::optional<double> value;     // Scalar of a known type
    std::string hex;                 // Scalar: its bytes in memory order
    // Pointer: its allocation (0 when it is not device memory) and its place there.
    std::uint64_t allocationBytes = 0;
    std::uint64_t offsetBytes = 0;
    std::string before; // .npy of the bytes from the pointer to the allocation's end
    std::string after;  // the same after the launch; "" when the launch failed
    bool written = false;
};

// A module variable (__constant__ or __device__) read before the launch.
struct CapturedGlobal
{
    std::string name;
    std::optional<ElementType> type; // the module does not say; nullopt
    std::uint64_t bytes = 0;
    std::string before;
};

struct CapturedLaunch
{
    std::string kernel;  // demangled
    std::string mangled; // the symbol; equal to kernel for extern "C"
    std::array<std::uint32_t, 3> grid{1, 1, 1};
    std::array<std::uint32_t, 3> block{1, 1, 1};
    std::uint32_t dynamicSharedBytes = 0;
    std::string module; // the module image's file, or "" when it could not be had
    std::vector<CapturedArgument> arguments;
    std::vector<CapturedGlobal> globals;
};

struct KernelSeen
{
    std::string name; // demangled
    std::uint64_t launches = 0;
};

struct CaptureManifest
{
    std::vector<std::string> command;
    std::optional<int> exitCode;
    std::string signal; // "SIGSEGV" when a signal ended the application
    std::string deviceName;
    std::array<int, 2> computeCapability{0, 0};
    bool complete = false;
    std::vector<std::string> messages;
    std::vector<KernelSeen> kernelsSeen;
    std::vector<CapturedLaunch> launches;
};

} // namespace tb
