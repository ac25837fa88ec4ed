#pragma once

#include "capture/capturemanifest.h"
#include "capture/capturemanifestwriter.h"
#include "capture/npywriter.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

// Capture folders built by hand, as the injection library leaves them: the capture tests read
// them without a GPU.
namespace tbtest {

// A scalar argument: its type, value and bytes in memory order.
inline tb::CapturedArgument capturedScalar(int index, tb::ElementType type, double value,
                                           std::string hex)
{
    tb::CapturedArgument argument;
    argument.index = index;
    argument.bytes = hex.size() / 2;
    argument.type = type;
    argument.value = value;
    argument.hex = std::move(hex);
    return argument;
}

// A float pointer to `allocationBytes` of device memory, saved before and after the launch.
inline tb::CapturedArgument capturedFloats(int index, std::uint64_t allocationBytes, bool written)
{
    tb::CapturedArgument argument;
    argument.index = index;
    argument.bytes = 8;
    argument.kind = tb::CapturedArgument::Kind::Pointer;
    argument.type = tb::ElementType::Float32;
    argument.allocationBytes = allocationBytes;
    const std::string stem = "launch-0/arg-" + std::to_string(index);
    argument.before = stem + ".before.npy";
    argument.after = stem + ".after.npy";
    argument.written = written;
    return argument;
}

// Writes `manifest` into `root`, and for each file its arguments name, their allocation's bytes
// as floats 1, 2, 3 ...: false when a file cannot be written.
inline bool writeCaptureFolder(const std::filesystem::path &root,
                               const tb::CaptureManifest &manifest)
{
    std::filesystem::create_directories(root / "launch-0");
    for (const tb::CapturedLaunch &launch : manifest.launches)
        for (const tb::CapturedArgument &argument : launch.arguments) {
            std::vector<float> data(argument.allocationBytes / sizeof(float));
            for (std::size_t i = 0; i < data.size(); ++i)
                data[i] = static_cast<float>(i + 1);
            for (const std::string &file : {argument.before, argument.after})
                if (!file.empty() && !tb::writeNpy(root / file, argument.type, data.data(),
                                                   argument.allocationBytes))
                    return false;
        }
    return tb::writeCaptureManifest(root, manifest).hasValue();
}

} // namespace tbtest
