#include "kernelreader.h"

#include "model/userfile.h"

#include <filesystem>
#include <regex>
#include <utility>

namespace tb {

namespace {

using Need = JsonReader::Need;
namespace fs = std::filesystem;

} // namespace

void KernelReader::read(const Json &kernel, const std::string &path)
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
            loadSource(*source, JsonReader::child(path, "source"));
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
    // A Python file on the GPU is a Triton kernel: the obvious spec needs no language.
    const bool pythonFile = m_spec.kernel.sourcePath.ends_with(".py");
    m_spec.kernel.language = cpu ? "c" : (pythonFile ? "triton" : "cuda");
    if (auto language = m_reader.text(kernel, path, "language")) {
        const bool fits = cpu ? (*language == "c" || *language == "c++")
                              : (*language == "cuda" || *language == "triton");
        if (fits || !m_backendKnown)
            m_spec.kernel.language = *language;
        else
            m_reader.report(JsonReader::child(path, "language"),
                            "language '" + *language + "' does not fit the " +
                                toString(m_spec.backend) + " backend (use " +
                                (cpu ? "c or c++" : "cuda or triton") + ")");
    }
    if (m_spec.kernel.language == "triton" && kernel.contains("flags"))
        m_reader.report(JsonReader::child(path, "flags"),
                        "a Triton kernel takes no compiler flags: its options are parameters "
                        "(num_warps, num_stages, num_ctas, maxnreg)");

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

void KernelReader::loadSource(const std::string &source, const std::string &path)
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

} // namespace tb
