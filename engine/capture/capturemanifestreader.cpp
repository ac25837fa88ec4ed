#include "capturemanifestreader.h"

#include "capturepath.h"
#include "manifestfields.h"
#include "model/userfile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace tb {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace manifestfields;

class ManifestReader
{
public:
    explicit ManifestReader(fs::path directory) : m_directory(std::move(directory)) {}

    CaptureManifest read(const json &document) const
    {
        objectAt(document, "(the document)");
        const json &version = field(document, "", "tunebench_capture");
        if (!version.is_number_integer() || version.get<std::int64_t>() != 1)
            refuse("tunebench_capture",
                   "expected 1 (this Tunebench reads format 1), got " + version.dump());
        CaptureManifest manifest;
        readApplication(objectAt(field(document, "", "application"), "application"), manifest);
        readDevice(objectAt(field(document, "", "device"), "device"), manifest);
        manifest.complete = boolAt(field(document, "", "complete"), "complete");
        manifest.messages = stringsAt(field(document, "", "messages"), "messages");
        const json &seen = arrayAt(field(document, "", "kernels_seen"), "kernels_seen");
        for (std::size_t i = 0; i < seen.size(); ++i)
            manifest.kernelsSeen.push_back(readSeen(seen[i], element("kernels_seen", i)));
        const json &launches = arrayAt(field(document, "", "launches"), "launches");
        for (std::size_t i = 0; i < launches.size(); ++i)
            manifest.launches.push_back(readLaunch(launches[i], element("launches", i)));
        return manifest;
    }

private:
    std::string pathAt(const json &value, const std::string &path) const
    {
        const std::string relative = stringAt(value, path);
        if (auto problem = capturePathProblem(m_directory, relative))
            refuse(path, *problem);
        return relative;
    }

    // An optional path: "" when absent.
    std::string optionalPathAt(const json &object, const std::string &path, const char *key) const
    {
        return object.contains(key) ? pathAt(object[key], member(path, key)) : std::string();
    }

    static void readApplication(const json &application, CaptureManifest &manifest)
    {
        manifest.command =
            stringsAt(field(application, "application", "command"), "application.command");
        if (application.contains("exit_code"))
            manifest.exitCode = intAt(application["exit_code"], "application.exit_code");
        if (application.contains("signal"))
            manifest.signal = stringAt(application["signal"], "application.signal");
    }

    static void readDevice(const json &device, CaptureManifest &manifest)
    {
        manifest.deviceName = stringAt(field(device, "device", "name"), "device.name");
        const std::string path = "device.compute_capability";
        const json &capability = arrayAt(field(device, "device", "compute_capability"), path);
        if (capability.size() != 2)
            refuse(path, "expected [major, minor], got " + std::to_string(capability.size()) +
                             " numbers");
        for (std::size_t i = 0; i < 2; ++i)
            manifest.computeCapability[i] =
                static_cast<int>(countAt(capability[i], element(path, i), 99));
    }

    static KernelSeen readSeen(const json &value, const std::string &path)
    {
        objectAt(value, path);
        return {nonEmptyStringAt(field(value, path, "name"), member(path, "name")),
                countAt(field(value, path, "launches"), member(path, "launches"),
                        std::uint64_t(1) << 53)};
    }

    CapturedLaunch readLaunch(const json &value, const std::string &path) const
    {
        objectAt(value, path);
        CapturedLaunch launch;
        launch.kernel = nonEmptyStringAt(field(value, path, "kernel"), member(path, "kernel"));
        launch.mangled = nonEmptyStringAt(field(value, path, "mangled"), member(path, "mangled"));
        launch.grid = extentsAt(field(value, path, "grid"), member(path, "grid"),
                                std::numeric_limits<std::int32_t>::max());
        launch.block = extentsAt(field(value, path, "block"), member(path, "block"), 1024);
        if (std::uint64_t(launch.block[0]) * launch.block[1] * launch.block[2] > 1024)
            refuse(member(path, "block"), "more than 1024 threads in a block");
        launch.dynamicSharedBytes = static_cast<std::uint32_t>(
            countAt(field(value, path, "dynamic_shared_bytes"),
                    member(path, "dynamic_shared_bytes"), kMaxCapturedDynamicShared));
        launch.module = optionalPathAt(value, path, "module");
        readArguments(arrayAt(field(value, path, "arguments"), member(path, "arguments")),
                      member(path, "arguments"), launch);
        const std::string globalsPath = member(path, "globals");
        const json &globals = arrayAt(field(value, path, "globals"), globalsPath);
        for (std::size_t i = 0; i < globals.size(); ++i)
            launch.globals.push_back(readGlobal(globals[i], element(globalsPath, i)));
        return launch;
    }

    void readArguments(const json &arguments, const std::string &path, CapturedLaunch &launch) const
    {
        if (arguments.size() > std::size_t(kMaxCapturedArguments))
            refuse(path, std::to_string(arguments.size()) + " arguments, more than a kernel takes");
        for (std::size_t i = 0; i < arguments.size(); ++i) {
            const std::string at = element(path, i);
            CapturedArgument argument = readArgument(arguments[i], at);
            if (!launch.arguments.empty() && argument.index <= launch.arguments.back().index)
                refuse(member(at, "index"), "expected the arguments in order, each index once");
            launch.arguments.push_back(std::move(argument));
        }
    }

    CapturedArgument readArgument(const json &value, const std::string &path) const
    {
        objectAt(value, path);
        CapturedArgument argument;
        argument.index = static_cast<int>(
            countAt(field(value, path, "index"), member(path, "index"), kMaxCapturedArguments - 1));
        argument.bytes =
            countAt(field(value, path, "bytes"), member(path, "bytes"), kMaxCapturedParameterBytes);
        if (argument.bytes == 0)
            refuse(member(path, "bytes"), "expected at least 1");
        const std::string kind = stringAt(field(value, path, "kind"), member(path, "kind"));
        argument.type = elementTypeAt(field(value, path, "type"), member(path, "type"));
        if (kind == "scalar")
            readScalar(value, path, argument);
        else if (kind == "pointer")
            readPointer(value, path, argument);
        else
            refuse(member(path, "kind"), "unknown kind '" + kind + "' (known: scalar, pointer)");
        return argument;
    }

    static void readScalar(const json &value, const std::string &path, CapturedArgument &argument)
    {
        argument.kind = CapturedArgument::Kind::Scalar;
        // A value that is not finite is written as null: its bytes (hex) still hold it.
        if (value.contains("value") && !value["value"].is_null()) {
            if (!value["value"].is_number())
                refuse(member(path, "value"), "expected a number, got " + typeName(value["value"]));
            // A number beyond double's range parses as infinity: as good as none.
            if (const double number = value["value"].get<double>(); std::isfinite(number))
                argument.value = number;
        }
        argument.hex = stringAt(field(value, path, "hex"), member(path, "hex"));
        const bool hexDigits = std::all_of(argument.hex.begin(), argument.hex.end(), [](char c) {
            return std::isxdigit(static_cast<unsigned char>(c));
        });
        if (!hexDigits || argument.hex.size() != 2 * argument.bytes)
            refuse(member(path, "hex"), "expected " + std::to_string(2 * argument.bytes) +
                                            " hexadecimal digits, its " +
                                            std::to_string(argument.bytes) + " bytes");
    }

    void readPointer(const json &value, const std::string &path, CapturedArgument &argument) const
    {
        argument.kind = CapturedArgument::Kind::Pointer;
        argument.allocationBytes = countAt(field(value, path, "allocation_bytes"),
                                           member(path, "allocation_bytes"), kMaxCapturedBytes);
        argument.offsetBytes = countAt(field(value, path, "offset_bytes"),
                                       member(path, "offset_bytes"), kMaxCapturedBytes);
        if (argument.offsetBytes > argument.allocationBytes)
            refuse(member(path, "offset_bytes"), "past the end of its allocation of " +
                                                     std::to_string(argument.allocationBytes) +
                                                     " bytes");
        argument.before = optionalPathAt(value, path, "before");
        argument.after = optionalPathAt(value, path, "after");
        argument.written = boolAt(field(value, path, "written"), member(path, "written"));
    }

    CapturedGlobal readGlobal(const json &value, const std::string &path) const
    {
        objectAt(value, path);
        CapturedGlobal global;
        global.name = nonEmptyStringAt(field(value, path, "name"), member(path, "name"));
        global.type = elementTypeAt(field(value, path, "type"), member(path, "type"));
        global.bytes =
            countAt(field(value, path, "bytes"), member(path, "bytes"), kMaxCapturedBytes);
        global.before = pathAt(field(value, path, "before"), member(path, "before"));
        return global;
    }

    fs::path m_directory;
};

std::string manifestName(const fs::path &directory)
{
    return (directory / "capture.json").string();
}

} // namespace

Expected<CaptureManifest> parseCaptureManifest(std::string_view text, const fs::path &directory)
{
    json document;
    try {
        document = json::parse(text);
    } catch (const json::exception &error) {
        return makeError(EngineError::Code::InvalidArgument,
                         manifestName(directory) + ": not JSON: " + error.what());
    }
    try {
        return ManifestReader(directory).read(document);
    } catch (const ManifestProblem &problem) {
        return makeError(EngineError::Code::InvalidArgument,
                         manifestName(directory) + ": " + problem.path + ": " + problem.what);
    }
}

Expected<CaptureManifest> readCaptureManifest(const fs::path &directory)
{
    std::error_code error;
    if (!fs::is_directory(directory, error))
        return makeError(EngineError::Code::IoError,
                         "no capture folder " + directory.string() + ": not a directory");
    if (auto problem = capturePathProblem(directory, "capture.json"))
        return makeError(EngineError::Code::InvalidArgument,
                         manifestName(directory) + ": " + *problem);
    auto text = readUserFile(manifestName(directory), "capture manifest", kMaxSpecFileBytes);
    if (!text)
        return text.error();
    return parseCaptureManifest(*text, directory);
}

} // namespace tb
