#include "captureskeleton.h"

#include "capturedscalartext.h"
#include "kernelsignature.h"
#include "npywriter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>

namespace tb {

namespace {

using nlohmann::ordered_json;

bool isIdentifier(const std::string &name)
{
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

// Builds the skeleton of one launch: a document and its gaps, argument by argument.
class SkeletonBuilder
{
public:
    explicit SkeletonBuilder(const CapturedLaunch &launch) : m_launch(launch) {}

    CaptureSkeleton build()
    {
        const KernelSignature signature = parseKernelSignature(m_launch.kernel);
        nameSizes();
        ordered_json spec{{"tunebench_spec", 1},
                          {"name", signature.entry},
                          {"backend", "cuda"},
                          {"kernel", kernelJson(signature)}};
        spec["parameters"] = ordered_json::array();
        gap("/parameters", "Add the kernel's tunable parameters, each with its values; a spec "
                           "needs at least one.");
        spec["problem_sizes"] = ordered_json::array({sizesJson()});
        spec["launch"] = launchJson();
        ordered_json arguments = ordered_json::array();
        int nextIndex = 0;
        for (const CapturedArgument &argument : m_launch.arguments) {
            for (; nextIndex < argument.index; ++nextIndex)
                gap("/arguments/" + std::to_string(arguments.size()),
                    "The capture has no record of parameter " + std::to_string(nextIndex) +
                        ": add it before this argument.");
            nextIndex = argument.index + 1;
            arguments.push_back(argumentJson(argument, arguments.size()));
        }
        for (const CapturedGlobal &global : m_launch.globals)
            arguments.push_back(globalJson(global, arguments.size()));
        spec["arguments"] = std::move(arguments);
        if (!m_expected.empty())
            spec["verification"] = {{"expected", m_expected}};
        return {spec.dump(2) + "\n", std::move(m_left)};
    }

private:
    void gap(std::string pointer, std::string what)
    {
        m_left.push_back({std::move(pointer), std::move(what)});
    }

    ordered_json kernelJson(const KernelSignature &signature)
    {
        std::string source = "the kernel's .cu file, relative to this folder";
        if (!m_launch.module.empty())
            source += " (the capture has only its compiled module, " + m_launch.module + ")";
        gap("/kernel/source", "Give " + source + ".");
        if (signature.entry.find('<') != std::string::npos)
            gap("/kernel/entry", "The captured template arguments are fixed numbers: put the "
                                 "tunable parameters in their place.");
        return {{"source", "TODO: the kernel's .cu file"}, {"entry", signature.entry}};
    }

    // Where the pointer's data was captured whole, as its elements; nullopt where it was not.
    std::optional<std::uint64_t> elementCount(const CapturedArgument &argument) const
    {
        if (argument.allocationBytes == 0 || argument.before.empty())
            return std::nullopt;
        const std::uint64_t bytes = argument.allocationBytes - argument.offsetBytes;
        if (!keptAsNpy(argument.type, bytes))
            return bytes; // kept as raw bytes (writeCapturedData)
        return bytes / elementSize(*argument.type);
    }

    // One size variable per distinct element count of the pointers, in order of appearance:
    // N alone, or N1, N2, ...
    void nameSizes()
    {
        std::vector<std::uint64_t> counts;
        for (const CapturedArgument &argument : m_launch.arguments)
            if (auto count = elementCount(argument);
                count && std::find(counts.begin(), counts.end(), *count) == counts.end())
                counts.push_back(*count);
        for (std::size_t i = 0; i < counts.size(); ++i)
            m_sizeNames[counts[i]] = counts.size() == 1 ? "N" : "N" + std::to_string(i + 1);
    }

    ordered_json sizesJson() const
    {
        if (m_sizeNames.empty())
            return {{"N", 1}}; // a spec has at least one size variable
        std::vector<std::pair<std::string, std::uint64_t>> ordered;
        for (const auto &[count, name] : m_sizeNames)
            ordered.emplace_back(name, count);
        std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
            return a.first.size() != b.first.size() ? a.first.size() < b.first.size()
                                                    : a.first < b.first;
        });
        ordered_json sizes = ordered_json::object();
        for (const auto &[name, count] : ordered)
            sizes[name] = count;
        return sizes;
    }

    std::string sizeText(std::uint64_t count) const
    {
        const auto found = m_sizeNames.find(count);
        return found != m_sizeNames.end() ? found->second : std::to_string(count);
    }

    ordered_json launchJson()
    {
        const auto texts = [](const std::array<std::uint32_t, 3> &extents) {
            ordered_json list = ordered_json::array();
            for (std::uint32_t extent : extents)
                list.push_back(std::to_string(extent));
            return list;
        };
        ordered_json launch{{"grid", texts(m_launch.grid)}, {"block", texts(m_launch.block)}};
        if (m_launch.dynamicSharedBytes != 0)
            launch["shared_memory"] = std::to_string(m_launch.dynamicSharedBytes);
        gap("/launch", "The captured geometry, as numbers: write grid and block with the "
                       "parameters and sizes that set them.");
        return launch;
    }

    ordered_json argumentJson(const CapturedArgument &argument, std::size_t position)
    {
        const std::string name = "arg" + std::to_string(argument.index);
        const std::string at = "/arguments/" + std::to_string(position);
        std::string rename = "Rename " + name + " as the kernel's source names it";
        if (argument.written && !argument.after.empty())
            rename += ", and its key in /verification/expected";
        gap(at + "/name", rename + ".");
        return argument.kind == CapturedArgument::Kind::Scalar ? scalarJson(argument, name, at)
                                                               : bufferJson(argument, name, at);
    }

    ordered_json scalarJson(const CapturedArgument &argument, const std::string &name,
                            const std::string &at)
    {
        ordered_json json{{"name", name}, {"kind", "scalar"}};
        std::optional<ElementType> type = argument.type;
        std::string value;
        if (type && argument.value)
            value = numberText(*argument.value, *type);
        else if (type && isIntegerType(*type) && argument.bytes <= 8)
            value = std::to_string(littleEndianValue(argument.hex));
        else if (!type && (type = unsignedTypeOfSize(argument.bytes))) {
            value = std::to_string(littleEndianValue(argument.hex));
            gap(at + "/type",
                "The signature does not say this scalar's type: " + std::string(toString(*type)) +
                    " is a guess from its " + std::to_string(argument.bytes) + " bytes.");
        }
        if (value.empty()) {
            value = "TODO: the value of bytes 0x" + argument.hex;
            gap(at + "/value", "The capture has no number for this " +
                                   std::to_string(argument.bytes) +
                                   "-byte scalar: give its type and value.");
        } else if (type && isIntegerType(*type)) {
            value = sizeNameOf(value); // the same number, but it follows the problem size
        }
        json["type"] = type ? toString(*type) : "uint8";
        json["value"] = value;
        return json;
    }

    // An integer scalar equal to a size variable is that variable: "n" follows N.
    std::string sizeNameOf(const std::string &value) const
    {
        for (const auto &[count, sizeName] : m_sizeNames)
            if (std::to_string(count) == value)
                return sizeName;
        return value;
    }

    ordered_json bufferJson(const CapturedArgument &argument, const std::string &name,
                            const std::string &at)
    {
        ordered_json json{{"name", name}, {"kind", "buffer"}};
        const auto count = elementCount(argument);
        if (!count) {
            json["type"] = argument.type ? toString(*argument.type) : "uint8";
            json["size"] = "TODO: element count";
            gap(at + "/size", "The capture has no data for this pointer (not device memory, "
                              "or unreadable): give its size and init.");
            return json;
        }
        const bool typed =
            keptAsNpy(argument.type, argument.allocationBytes - argument.offsetBytes);
        json["type"] = typed ? toString(*argument.type) : "uint8";
        if (!typed)
            gap(at + "/type", "The capture saved this pointer's data as raw bytes: give the "
                              "element type, and the size in elements of that type.");
        json["size"] = sizeText(*count);
        json["init"] = {{"file", argument.before}};
        if (argument.written) {
            json["output"] = true;
            expectOutput(argument, name, at);
        }
        return json;
    }

    void expectOutput(const CapturedArgument &argument, const std::string &name,
                      const std::string &at)
    {
        if (argument.after.empty()) {
            gap(at + "/output", "The launch failed, so the capture has no expected contents "
                                "for this output.");
            return;
        }
        m_expected[name] = {{"file", argument.after}};
    }

    ordered_json globalJson(const CapturedGlobal &global, std::size_t position)
    {
        const std::string at = "/arguments/" + std::to_string(position);
        ordered_json json{{"name", global.name}, {"kind", "constant"}};
        const bool typed = keptAsNpy(global.type, global.bytes);
        json["type"] = typed ? toString(*global.type) : "uint8";
        json["size"] =
            std::to_string(typed ? global.bytes / elementSize(*global.type) : global.bytes);
        json["init"] = {{"file", global.before}};
        if (!typed)
            gap(at + "/type", "The module does not say the type of " + global.name +
                                  ": give it, and the size in elements of that type.");
        if (!isIdentifier(global.name))
            gap(at + "/name", "A constant is named as the source declares it at namespace "
                              "scope: " +
                                  global.name + " is not such a name.");
        return json;
    }

    const CapturedLaunch &m_launch;
    std::map<std::uint64_t, std::string> m_sizeNames; // element count -> size variable
    ordered_json m_expected = ordered_json::object();
    std::vector<SkeletonGap> m_left;
};

std::string noLaunchMessage(const CaptureManifest &manifest)
{
    std::string message = "the capture recorded no launch";
    if (manifest.kernelsSeen.empty())
        return message + ": the application launched no kernel";
    message += "; the kernels it launched:";
    for (const KernelSeen &seen : manifest.kernelsSeen)
        message += " " + seen.name + " (" + std::to_string(seen.launches) + "x);";
    message.pop_back();
    return message;
}

} // namespace

Expected<CaptureSkeleton> captureSkeleton(const CaptureManifest &manifest,
                                          const CaptureSkeletonOptions &options)
{
    if (manifest.launches.empty())
        return makeError(EngineError::Code::InvalidArgument, noLaunchMessage(manifest));
    const std::size_t index = options.launch.value_or(0);
    if (index >= manifest.launches.size())
        return makeError(EngineError::Code::InvalidArgument,
                         "no launch " + std::to_string(index) + ": the capture has " +
                             std::to_string(manifest.launches.size()) + " (0 to " +
                             std::to_string(manifest.launches.size() - 1) + ")");
    return SkeletonBuilder(manifest.launches[index]).build();
}

} // namespace tb
