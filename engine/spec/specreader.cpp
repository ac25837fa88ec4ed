#include "specreader.h"

#include "model/userfile.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <regex>

namespace tb {

namespace {

using Need = JsonReader::Need;
namespace fs = std::filesystem;

constexpr int kFormatVersion = 1;

} // namespace

void SpecReader::read(const Json &root)
{
    if (!root.is_object()) {
        m_reader.object(root, "", {});
        return;
    }
    // The version first: a newer format's keys are not "unknown", they are just not ours.
    if (!readVersion(root))
        return;
    m_reader.object(root, "", kSpecTopLevelKeys);
    if (auto name = m_reader.text(root, "", "name", Need::Required))
        m_spec.name = *name;
    readBackend(root);
    if (auto *kernel = m_reader.member(root, "", "kernel", Need::Required))
        readKernel(*kernel, "/kernel");
    if (auto *parameters = m_reader.member(root, "", "parameters", Need::Required))
        readParameters(*parameters, "/parameters");
    if (auto *constraints = m_reader.member(root, "", "constraints"))
        readConstraints(*constraints, "/constraints");
    if (auto *sizes = m_reader.member(root, "", "problem_sizes", Need::Required))
        readProblemSizes(*sizes, "/problem_sizes");
    if (auto *launch = m_reader.member(root, "", "launch"))
        readLaunch(*launch, "/launch");
    else if (m_backendKnown && m_spec.backend == BackendKind::Cuda)
        m_reader.report("/launch", "missing field 'launch' (required for the cuda backend)");
    if (auto *arguments = m_reader.member(root, "", "arguments", Need::Required))
        readArguments(*arguments, "/arguments");
    if (auto *verification = m_reader.member(root, "", "verification"))
        readVerification(*verification, "/verification");
    if (auto *metrics = m_reader.member(root, "", "metrics"))
        readMetrics(*metrics, "/metrics");
    if (auto *objective = m_reader.member(root, "", "objective"))
        readObjective(*objective, "/objective");
    if (auto *peaks = m_reader.member(root, "", "peaks"))
        readPeaks(*peaks, "/peaks");
    if (auto *strategy = m_reader.member(root, "", "strategy"))
        readStrategy(*strategy, "/strategy");
    if (auto *measurement = m_reader.member(root, "", "measurement"))
        readMeasurement(*measurement, "/measurement");
}

// False when the document is from a newer format: its other fields would only give noise.
bool SpecReader::readVersion(const Json &root)
{
    auto version = m_reader.integer(root, "", "tunebench_spec", Need::Required);
    if (!version)
        return true;
    if (*version > kFormatVersion) {
        m_reader.report("/tunebench_spec",
                        "format version " + std::to_string(*version) +
                            " was written by a newer Tunebench; this build reads version " +
                            std::to_string(kFormatVersion));
        return false;
    }
    if (*version < kFormatVersion)
        m_reader.report("/tunebench_spec",
                        "unsupported format version " + std::to_string(*version) +
                            " (this build reads version " + std::to_string(kFormatVersion) + ")");
    m_spec.formatVersion = kFormatVersion;
    return true;
}

void SpecReader::readBackend(const Json &root)
{
    auto backend = m_reader.text(root, "", "backend", Need::Required);
    if (!backend)
        return;
    if (*backend == "cpu" || *backend == "cuda") {
        m_spec.backend = *backend == "cpu" ? BackendKind::Cpu : BackendKind::Cuda;
        m_backendKnown = true;
    } else {
        m_reader.report("/backend", "unknown backend '" + *backend + "' (known: cpu, cuda)");
    }
}

void SpecReader::readKernel(const Json &kernel, const std::string &path)
{
    if (!m_reader.object(kernel, path,
                         {"source", "code", "source_path", "entry", "language", "flags", "arch"}))
        return;
    if (auto entry = m_reader.text(kernel, path, "entry", Need::Required))
        m_spec.kernel.entry = *entry;

    const bool hasSource = kernel.contains("source");
    const bool hasCode = kernel.contains("code");
    if (hasSource && hasCode)
        m_reader.report(path, "give either 'source' or 'code', not both");
    else if (!hasSource && !hasCode)
        m_reader.report(JsonReader::child(path, "source"), "missing field 'source' (or 'code')");
    else if (hasSource) {
        if (kernel.contains("source_path"))
            m_reader.report(JsonReader::child(path, "source_path"),
                            "'source_path' goes with inline 'code' only");
        else if (auto source = m_reader.text(kernel, path, "source"))
            loadKernelSource(*source, JsonReader::child(path, "source"));
    } else {
        // Inline code may be empty text, but must be a string.
        const Json &code = kernel["code"];
        if (code.is_string())
            m_spec.kernel.code = code.get<std::string>();
        else
            m_reader.text(code, JsonReader::child(path, "code"));
        if (auto origin = m_reader.text(kernel, path, "source_path"))
            m_spec.kernel.sourcePath = *origin;
    }

    const bool cpu = m_spec.backend == BackendKind::Cpu;
    m_spec.kernel.language = cpu ? "c" : "cuda";
    if (auto language = m_reader.text(kernel, path, "language")) {
        const bool fits = cpu ? (*language == "c" || *language == "c++") : *language == "cuda";
        if (fits || !m_backendKnown)
            m_spec.kernel.language = *language;
        else
            m_reader.report(JsonReader::child(path, "language"),
                            "language '" + *language + "' does not fit the " +
                                toString(m_spec.backend) + " backend (use " +
                                (cpu ? "c or c++" : "cuda") + ")");
    }

    if (auto arch = m_reader.text(kernel, path, "arch")) {
        // Checked for shape here; whether NVRTC supports it, the compile worker says.
        static const std::regex archPattern("sm_[0-9]{2,3}[af]?");
        if (cpu && m_backendKnown)
            m_reader.report(JsonReader::child(path, "arch"), "arch is for the cuda backend only");
        else if (!std::regex_match(*arch, archPattern))
            m_reader.report(JsonReader::child(path, "arch"),
                            "arch '" + *arch + "' is not a GPU architecture such as sm_90");
        else
            m_spec.kernel.arch = *arch;
    }

    if (auto *flags = m_reader.member(kernel, path, "flags")) {
        const std::string flagsPath = JsonReader::child(path, "flags");
        if (m_reader.array(*flags, flagsPath, "strings")) {
            for (std::size_t i = 0; i < flags->size(); ++i) {
                if (auto flag = m_reader.text((*flags)[i], JsonReader::child(flagsPath, i)))
                    m_spec.kernel.compilerFlags.push_back(*flag);
            }
        }
    }
}

void SpecReader::loadKernelSource(const std::string &source, const std::string &path)
{
    fs::path file(source);
    if (file.is_relative())
        file = fs::path(m_spec.baseDirectory) / file;
    file = file.lexically_normal();
    m_spec.kernel.sourcePath = file.string();

    auto text = readUserFile(file.string(), "kernel source", kMaxSpecFileBytes);
    if (!text) {
        m_reader.report(path, text.error().message);
        return;
    }
    m_spec.kernel.code = std::move(*text);
}

void SpecReader::readLaunch(const Json &launch, const std::string &path)
{
    if (!m_reader.object(launch, path, {"grid", "block", "shared_memory"}))
        return;
    LaunchGeometry geometry;
    if (auto *grid = m_reader.member(launch, path, "grid", Need::Required))
        readGeometry(*grid, JsonReader::child(path, "grid"), geometry.grid);
    if (auto *block = m_reader.member(launch, path, "block", Need::Required))
        readGeometry(*block, JsonReader::child(path, "block"), geometry.block);
    if (auto shared = m_reader.expression(launch, path, "shared_memory"))
        geometry.dynamicSharedMemory = *shared;
    m_spec.launch = std::move(geometry);
}

void SpecReader::readGeometry(const Json &list, const std::string &path,
                              std::vector<std::string> &out)
{
    if (!m_reader.array(list, path, "expressions"))
        return;
    if (list.empty() || list.size() > 3) {
        m_reader.report(path, "expected 1 to 3 expressions, got " + std::to_string(list.size()));
        return;
    }
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(m_reader.expression(list[i], JsonReader::child(path, i)).value_or(""));
}

bool SpecReader::checkName(const std::string &name, const std::string &path)
{
    if (!JsonReader::isIdentifier(name)) {
        m_reader.report(path, "'" + name +
                                  "' is not a valid name (letters, digits and _, not starting "
                                  "with a digit)");
        return false;
    }
    // `time` is the metric variable; _pi and _e are expression constants that would shadow it.
    if (name == "time" || name == "_pi" || name == "_e") {
        m_reader.report(path, "'" + name + "' is a reserved name");
        return false;
    }
    return true;
}

} // namespace tb
