#include "specloader.h"

#include "spec/energyuse.h"
#include "spec/jsonreader.h"
#include "spec/specchecker.h"
#include "spec/specreader.h"
#include "spec/specwriter.h"
#include "spec/strictjson.h"

#include "model/userfile.h"

#include <algorithm>
#include <filesystem>

namespace tb {

namespace {

namespace fs = std::filesystem;

// Energy comes from NVML, for cuda specs only. One that needs it (an energy objective or
// metric) gets an energy run of kDefaultEnergySeconds unless it asks for another length; a
// cpu spec that needs it is refused, and one that does not runs none (a loader's default).
void checkEnergyUse(JsonReader &reader, Spec &spec)
{
    const auto use = energyUse(spec);
    if (use && spec.backend != BackendKind::Cuda)
        reader.report(use->path, use->what +
                                     " needs the energy per launch, which only the cuda backend "
                                     "measures (from NVML)");
    else if (use && spec.measurement.energySeconds == 0)
        spec.measurement.energySeconds = kDefaultEnergySeconds;
    if (spec.backend != BackendKind::Cuda)
        spec.measurement.energySeconds = 0;
}

std::string absoluteDirectory(const std::string &directory)
{
    std::error_code error;
    fs::path path = directory.empty() ? fs::current_path(error) : fs::absolute(directory, error);
    path = path.lexically_normal();
    std::string text = path.string();
    // "/a/b/" and "/a/b" are the same directory: keep one spelling so specs compare equal.
    while (text.size() > 1 && text.back() == '/')
        text.pop_back();
    return text;
}

// nlohmann's messages start with "[json.exception.parse_error.101] ": not for users.
// nlohmann's "[json.exception.parse_error.101] " tag says nothing to a user.
std::string withoutExceptionTag(std::string text)
{
    auto end = text.find("] ");
    if (text.starts_with("[json.exception") && end != std::string::npos)
        text.erase(0, end + 2);
    return text;
}

std::string parseErrorText(const nlohmann::json::parse_error &error)
{
    return "invalid JSON at byte " + std::to_string(error.byte) + ": " +
           withoutExceptionTag(error.what());
}

// The worker's copy: the kernel file's text inlined, so reading it needs no file system, and
// the loader's measurement defaults written out, so that it means the same to a worker's loader.
std::string inlinedDocument(Json root, const Spec &spec)
{
    SpecWriter writer(root);
    writer.inlineKernelSource(spec.kernel);
    writer.writeMeasurement(spec.measurement);
    return root.dump(2);
}

// Issues in the order of the document's sections, whichever pass found them (the checker runs
// after the reader); within a section, in the order found.
void sortBySection(std::vector<SpecIssue> &issues)
{
    auto rank = [](const SpecIssue &issue) -> std::ptrdiff_t {
        const std::string_view path = issue.path;
        const auto section = path.substr(1, path.find('/', 1) - 1);
        auto it = std::find(kSpecTopLevelKeys.begin(), kSpecTopLevelKeys.end(), section);
        return path.empty() ? -1 : it - kSpecTopLevelKeys.begin();
    };
    std::stable_sort(issues.begin(), issues.end(),
                     [&](const SpecIssue &a, const SpecIssue &b) { return rank(a) < rank(b); });
}

} // namespace

Expected<Spec> SpecLoader::loadFile(const std::string &path)
{
    m_issues.clear();
    auto text = readUserFile(path, "spec file", kMaxSpecFileBytes);
    if (!text) {
        m_issues.push_back({"", text.error().message});
        return text.error();
    }
    std::error_code error;
    const std::string directory = fs::absolute(fs::path(path), error).parent_path().string();
    return parse(*text, directory);
}

Expected<Spec> SpecLoader::parse(const std::string &jsonText, const std::string &baseDirectory)
{
    m_issues.clear();
    Json root;
    try {
        root = parseRefusingDuplicateKeys(jsonText, m_issues);
    } catch (const nlohmann::json::parse_error &error) {
        m_issues.push_back({"", parseErrorText(error)});
        return failure();
    } catch (const nlohmann::json::exception &error) {
        // Valid syntax the parser still refuses: a number beyond a double (1e777), found by
        // tests/fuzz/fuzz_specloader.
        m_issues.push_back({"", "invalid JSON: " + withoutExceptionTag(error.what())});
        return failure();
    }

    Spec spec;
    spec.baseDirectory = absoluteDirectory(baseDirectory);
    spec.measurement = m_measurementDefaults; // what the document sets replaces them
    JsonReader reader(m_issues);
    SpecReader(reader, spec).read(root);
    SpecChecker(reader, spec).check();
    checkEnergyUse(reader, spec);
    if (!m_issues.empty()) {
        sortBySection(m_issues);
        return failure();
    }

    try {
        spec.document = inlinedDocument(std::move(root), spec);
    } catch (const nlohmann::json::type_error &) {
        // dump() refuses invalid UTF-8, which only the kernel file can bring in.
        m_issues.push_back({"/kernel/source", "kernel source '" + spec.kernel.sourcePath +
                                                  "' is not valid UTF-8 text"});
        return failure();
    }
    return spec;
}

EngineError SpecLoader::failure() const
{
    std::string detail;
    for (const auto &issue : m_issues) {
        if (!detail.empty())
            detail += '\n';
        detail += (issue.path.empty() ? std::string("(root)") : issue.path) + ": " + issue.message;
    }
    return makeError(EngineError::Code::InvalidSpec,
                     "spec has " + std::to_string(m_issues.size()) + " problem(s)", detail);
}

} // namespace tb
