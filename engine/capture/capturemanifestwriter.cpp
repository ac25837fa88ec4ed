#include "capturemanifestwriter.h"

#include "backend/common/atomicfile.h"

#include <nlohmann/json.hpp>

namespace tb {

namespace {

using nlohmann::ordered_json;

ordered_json typeJson(const std::optional<ElementType> &type)
{
    return type ? ordered_json(toString(*type)) : ordered_json(nullptr);
}

ordered_json argumentJson(const CapturedArgument &argument)
{
    ordered_json json{{"index", argument.index}, {"bytes", argument.bytes}};
    if (argument.kind == CapturedArgument::Kind::Scalar) {
        json["kind"] = "scalar";
        json["type"] = typeJson(argument.type);
        if (argument.value)
            json["value"] = *argument.value;
        json["hex"] = argument.hex;
        return json;
    }
    json["kind"] = "pointer";
    json["type"] = typeJson(argument.type);
    json["allocation_bytes"] = argument.allocationBytes;
    json["offset_bytes"] = argument.offsetBytes;
    if (!argument.before.empty())
        json["before"] = argument.before;
    if (!argument.after.empty())
        json["after"] = argument.after;
    json["written"] = argument.written;
    return json;
}

ordered_json launchJson(const CapturedLaunch &launch)
{
    ordered_json json{{"kernel", launch.kernel},
                      {"mangled", launch.mangled},
                      {"grid", launch.grid},
                      {"block", launch.block},
                      {"dynamic_shared_bytes", launch.dynamicSharedBytes}};
    if (!launch.module.empty())
        json["module"] = launch.module;
    json["arguments"] = ordered_json::array();
    for (const auto &argument : launch.arguments)
        json["arguments"].push_back(argumentJson(argument));
    json["globals"] = ordered_json::array();
    for (const auto &global : launch.globals)
        json["globals"].push_back({{"name", global.name},
                                   {"type", typeJson(global.type)},
                                   {"bytes", global.bytes},
                                   {"before", global.before}});
    return json;
}

ordered_json applicationJson(const CaptureManifest &manifest)
{
    ordered_json json{{"command", manifest.command}};
    if (manifest.exitCode)
        json["exit_code"] = *manifest.exitCode;
    if (!manifest.signal.empty())
        json["signal"] = manifest.signal;
    return json;
}

} // namespace

std::string captureManifestJson(const CaptureManifest &manifest)
{
    ordered_json json{
        {"tunebench_capture", 1},
        {"application", applicationJson(manifest)},
        {"device",
         {{"name", manifest.deviceName}, {"compute_capability", manifest.computeCapability}}},
        {"complete", manifest.complete},
        {"messages", manifest.messages}};
    json["kernels_seen"] = ordered_json::array();
    for (const auto &seen : manifest.kernelsSeen)
        json["kernels_seen"].push_back({{"name", seen.name}, {"launches", seen.launches}});
    json["launches"] = ordered_json::array();
    for (const auto &launch : manifest.launches)
        json["launches"].push_back(launchJson(launch));
    // Invalid UTF-8 in a kernel's or the command's text is replaced, not a reason to lose it.
    return json.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

Status writeCaptureManifest(const std::filesystem::path &directory, const CaptureManifest &manifest)
{
    return writeFileAtomically((directory / "capture.json").string(),
                               captureManifestJson(manifest));
}

} // namespace tb
