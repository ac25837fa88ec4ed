#include "tritoncompiler.h"

#include "backend/common/atomicfile.h"
#include "backend/common/fnv1a64.h"
#include "cubincache.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <utility>

namespace tb {

namespace {

namespace fs = std::filesystem;

// Compiling a large kernel takes seconds; the supervisor's job timeout is the real limit.
constexpr double kCompileTimeoutSeconds = 600;
constexpr double kInspectTimeoutSeconds = 60;

int capabilityOf(const std::string &arch)
{
    // "sm_90" and "sm_90a" -> 90; Triton takes the number.
    try {
        return std::stoi(arch.substr(3));
    } catch (const std::exception &) {
        return 90;
    }
}

std::string fileHash(const std::string &path)
{
    const auto text = readTextFile(path);
    Fnv1a64 hash;
    hash.add(text.value_or(""));
    return hash.hex();
}

std::string fileName(const Spec &spec)
{
    // The user's file name: Triton's messages name it. Inline code gets one of its own.
    const std::string name = fs::path(spec.kernel.sourcePath).filename().string();
    return name.ends_with(".py") ? name : "kernel.py";
}

CudaBuild failedBuild(std::string message, double seconds = 0)
{
    CudaBuild build;
    build.log = message;
    build.errorMessage = std::move(message);
    build.seconds = seconds;
    return build;
}

// The helper's message, as Triton gave it. Its first line says where and what ("matmul.py line
// 9: NameError(...)": what a one-line listing shows); the rest is Triton's whole message, with
// the source it points into.
std::string answerError(const nlohmann::json &answer, const std::string &file)
{
    const std::string message = answer.value("error", std::string("Triton's compiler failed"));
    std::string last;
    std::size_t start = 0;
    while (start < message.size()) {
        const std::size_t end = std::min(message.find('\n', start), message.size());
        if (end > start)
            last = message.substr(start, end - start);
        start = end + 1;
    }
    std::string where = file;
    if (const auto line = answer.find("line"); line != answer.end() && line->is_number())
        where += " line " + std::to_string(line->get<int>());
    if (last == message)
        return where + ": " + message;
    return where + ": " + last + "\n" + message;
}

// The build's own text forms, read from the answer's files before its directory goes.
void keepCodeOf(const nlohmann::json &answer, CudaBuild &build)
{
    const auto &files = answer.at("files");
    const std::pair<const char *, std::string *> forms[] = {
        {"ttir", &build.ttir}, {"ttgir", &build.ttgir}, {"llir", &build.llir}, {"ptx", &build.ptx}};
    for (const auto &[name, text] : forms)
        if (const auto path = files.find(name); path != files.end() && path->is_string())
            *text = readTextFile(path->get<std::string>()).value_or("");
}

} // namespace

TritonCompiler::TritonCompiler(std::string cacheDirectory, std::string arch,
                               Expected<TritonInstall> install, CachedBuilds cached)
    : m_cacheDirectory(std::move(cacheDirectory)), m_arch(std::move(arch)),
      m_capability(capabilityOf(m_arch)), m_cached(cached)
{
    if (install) {
        m_install = std::move(*install);
        m_helperHash = fileHash(m_install->helper);
    } else {
        m_installProblem = install.error().toString();
    }
}

Expected<TritonHelper *> TritonCompiler::helper()
{
    if (!m_install)
        return makeError(EngineError::Code::BackendError, m_installProblem);
    if (!m_helper)
        m_helper.emplace(*m_install);
    return &*m_helper;
}

Expected<TritonCompiler::Source> TritonCompiler::writeSource(const Spec &spec) const
{
    Fnv1a64 hash;
    hash.add(spec.kernel.code);
    hash.add(spec.kernel.entry);
    Source source{hash.hex(), {}};
    // Absolute: Python imports it, whatever its working directory.
    const fs::path directory =
        fs::absolute(fs::path(m_cacheDirectory) / "triton" / "src" / source.hash);
    source.path = (directory / fileName(spec)).string();
    if (::access(source.path.c_str(), R_OK) == 0)
        return source;
    std::error_code error;
    fs::create_directories(directory, error);
    if (error)
        return makeError(EngineError::Code::IoError, "cannot create " + directory.string(),
                         error.message());
    if (Status written = writeFileAtomically(source.path, spec.kernel.code); !written)
        return written.error();
    return source;
}

Expected<std::vector<TritonKernelParameter>> TritonCompiler::kernelParameters(const Spec &spec,
                                                                              const Source &source)
{
    if (const auto known = m_parameters.find(source.hash); known != m_parameters.end())
        return known->second;
    const std::string stored =
        m_cacheDirectory + "/triton/inspect/" + source.hash + "-" + m_helperHash + ".json";
    nlohmann::json answer;
    if (const auto text = readTextFile(stored))
        answer = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!answer.is_object()) {
        auto reached = helper();
        if (!reached)
            return reached.error();
        auto asked = (*reached)->request(
            {{"op", "inspect"}, {"source", source.path}, {"entry", spec.kernel.entry}},
            kInspectTimeoutSeconds);
        if (!asked)
            return asked.error();
        if (!asked->value("ok", false))
            return makeError(EngineError::Code::CompileError, answerError(*asked, fileName(spec)));
        answer = std::move(*asked);
        std::error_code ignored;
        fs::create_directories(fs::path(stored).parent_path(), ignored);
        (void)writeFileAtomically(stored, answer.dump()); // only a shortcut for the next worker
    }
    try {
        return m_parameters[source.hash] = tritonParametersFromInspect(answer);
    } catch (const nlohmann::json::exception &exception) {
        return makeError(EngineError::Code::BackendError,
                         "Triton's helper described the kernel in an unknown form",
                         exception.what());
    }
}

CudaBuild TritonCompiler::build(const Spec &spec, const ArgumentExpressions &arguments,
                                const Configuration &config, std::size_t sizeIndex)
{
    try {
        if (!m_install)
            return failedBuild(m_installProblem);
        auto source = writeSource(spec);
        if (!source)
            return failedBuild(source.error().toString());
        auto parameters = kernelParameters(spec, *source);
        if (!parameters)
            return failedBuild(parameters.error().toString());
        auto request =
            tritonCompileRequest(spec, arguments, *parameters, config, sizeIndex, m_capability);
        if (!request)
            return failedBuild(request.error().toString());

        Fnv1a64 hash;
        for (const std::string &field :
             {m_helperHash, m_arch, spec.kernel.code, spec.kernel.entry, request->dump()})
            hash.add(field);
        const std::string key = "triton-" + hash.hex();
        if (auto cached = CubinCache(m_cacheDirectory, key).load(); cached && cached->triton) {
            bool current = m_cached == CachedBuilds::Trust;
            if (!current) {
                auto reached = helper();
                auto version = reached ? (*reached)->tritonVersion() : reached.error();
                current = version && *version == cached->triton->tritonVersion;
            }
            if (current)
                return m_keepCode ? withCode(std::move(*cached), *request, *source, key)
                                  : std::move(*cached);
        }
        return compile(*request, *source, key);
    } catch (const std::exception &exception) {
        return failedBuild(std::string("the Triton build failed: ") + exception.what());
    }
}

fs::path TritonCompiler::scratchDirectory(const std::string &key) const
{
    return fs::absolute(fs::path(m_cacheDirectory) / "triton" / "tmp" /
                        (key + "-" + std::to_string(::getpid())));
}

Expected<nlohmann::json> TritonCompiler::compileAnswer(const nlohmann::json &request,
                                                       const Source &source,
                                                       const fs::path &scratch)
{
    auto reached = helper();
    if (!reached)
        return reached.error();
    nlohmann::json ask = request;
    ask["source"] = source.path;
    ask["out_dir"] = scratch.string();
    auto answer = (*reached)->request(ask, kCompileTimeoutSeconds);
    if (!answer)
        return answer.error();
    if (!answer->value("ok", false))
        return makeError(EngineError::Code::CompileError,
                         answerError(*answer, fs::path(source.path).filename().string()));
    return answer;
}

CudaBuild TritonCompiler::compile(const nlohmann::json &request, const Source &source,
                                  const std::string &key)
{
    const auto started = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    auto reached = helper();
    if (!reached)
        return failedBuild(reached.error().toString());
    auto version = (*reached)->tritonVersion();
    if (!version)
        return failedBuild(version.error().toString());

    const fs::path scratch = scratchDirectory(key);
    auto answer = compileAnswer(request, source, scratch);
    std::error_code ignored;
    if (!answer) {
        fs::remove_all(scratch, ignored);
        return failedBuild(answer.error().toString(), seconds());
    }

    CudaBuild build;
    build.arch = m_arch;
    build.loweredName = answer->at("metadata").at("name").get<std::string>();
    build.log = answer->value("ptxas_log", std::string());
    build.usage = parsePtxasReport(build.log, build.loweredName);
    build.triton = tritonLaunchFromAnswer(*answer);
    build.triton->tritonVersion = *version;
    build.seconds = seconds();
    if (m_keepCode)
        keepCodeOf(*answer, build);
    std::ifstream cubinFile(answer->at("cubin").get<std::string>(), std::ios::binary);
    std::stringstream cubin;
    cubin << cubinFile.rdbuf();
    fs::remove_all(scratch, ignored);
    if (!cubinFile || cubin.str().empty())
        return failedBuild("Triton's compiler reported a cubin that cannot be read", seconds());
    const CubinCache cache(m_cacheDirectory, key);
    if (Status published = cache.publish(cubin.str(), build); !published)
        return failedBuild(published.error().toString(), seconds());
    build.cubinPath = cache.cubinPath();
    return build;
}

CudaBuild TritonCompiler::withCode(CudaBuild cached, const nlohmann::json &request,
                                   const Source &source, const std::string &key)
{
    // The cached cubin stays what the build is (and what SASS shows): only its text forms
    // come from this compile.
    const fs::path scratch = scratchDirectory(key + "-code");
    auto answer = compileAnswer(request, source, scratch);
    if (answer)
        keepCodeOf(*answer, cached);
    else // the listings then say there is none; the log says why
        cached.log += "\ntunebench: the cached build's TTIR, TTGIR, LLIR and PTX could not be "
                      "compiled again: " +
                      answer.error().toString() + "\n";
    std::error_code ignored;
    fs::remove_all(scratch, ignored);
    return cached;
}

} // namespace tb
