#include "captureending.h"

namespace tb {

namespace {

std::string kernelsSeenText(const std::vector<KernelSeen> &seen)
{
    std::string text;
    for (std::size_t i = 0; i < seen.size() && i < 5; ++i)
        text += (i ? "; " : "") + seen[i].name;
    if (seen.size() > 5)
        text += "; and " + std::to_string(seen.size() - 5) + " more";
    return text;
}

void sayWhatWasSeen(CaptureManifest &manifest, const std::string &kernelPattern)
{
    if (!manifest.launches.empty())
        return;
    if (manifest.kernelsSeen.empty()) {
        manifest.messages.push_back("the application launched no kernel");
        return;
    }
    manifest.messages.push_back(
        "no launched kernel matched --kernel '" + kernelPattern +
        "'; the kernels launched: " + kernelsSeenText(manifest.kernelsSeen));
}

} // namespace

void recordApplicationEnd(CaptureManifest &manifest, const std::vector<std::string> &command,
                          const std::string &kernelPattern, const ApplicationEnd &end,
                          bool injectionRan)
{
    manifest.command = command;
    manifest.exitCode = end.exitCode;
    manifest.signal = end.signal;
    const std::string name = command.empty() ? std::string("the application") : command.front();
    if (!end.startError.empty()) {
        manifest.complete = false;
        manifest.messages.push_back("cannot start " + name + ": " + end.startError);
        return;
    }
    if (!injectionRan) {
        manifest.complete = false;
        manifest.messages.push_back(name + " never started CUDA (no CUDA call reached the "
                                           "driver): nothing could be recorded");
        return;
    }
    if (manifest.deviceName.empty() && manifest.launches.empty())
        manifest.messages.push_back("no GPU was seen: the application may have run without one");
    if (!end.signal.empty()) {
        manifest.complete = false;
        manifest.messages.push_back(name + " ended on " + end.signal +
                                    ": what it launched before is kept");
    } else if (end.exitCode && *end.exitCode != 0) {
        manifest.complete = false;
        manifest.messages.push_back(name + " exited with " + std::to_string(*end.exitCode));
    }
    sayWhatWasSeen(manifest, kernelPattern);
}

} // namespace tb
