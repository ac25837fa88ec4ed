#include "cpubuilder.h"

#include "backend/common/atomicfile.h"
#include "backend/common/buildsupport.h"
#include "backend/common/fnv1a64.h"
#include "buildcache.h"
#include "processrunner.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

namespace tb {

namespace {

std::string joined(const std::vector<std::string> &words)
{
    std::string text;
    for (const auto &word : words)
        text += (text.empty() ? "" : " ") + word;
    return text;
}

// First line of `<compiler> --version`, asked once per compiler command per process: a
// different compiler (or version) must never reuse another one's binaries.
std::string compilerIdentity(const std::vector<std::string> &command)
{
    static std::mutex mutex;
    static std::map<std::string, std::string> identities;
    const std::lock_guard lock(mutex);
    const std::string key = joined(command);
    if (auto found = identities.find(key); found != identities.end())
        return found->second;
    auto argv = command;
    argv.push_back("--version");
    std::string identity = key;
    if (auto output = runProcess(argv); output && output->exitCode == 0)
        identity += " | " + output->output.substr(0, output->output.find('\n'));
    identities.emplace(key, identity);
    return identity;
}

// -march=native makes the binary depend on the CPU, so a cache shared over a network file
// system must not hand one host's build to another kind of CPU.
const std::string &cpuModel()
{
    static const std::string model = [] {
        std::string text = readTextFile("/proc/cpuinfo").value_or("");
        const auto start = text.find("model name");
        return start == std::string::npos ? std::string()
                                          : text.substr(start, text.find('\n', start) - start);
    }();
    return model;
}

std::string sourceExtension(const std::string &language)
{
    return language == "c++" ? ".cpp" : ".c";
}

std::string displayName(const KernelSource &kernel)
{
    return kernel.sourcePath.empty() ? "kernel" + sourceExtension(kernel.language)
                                     : kernel.sourcePath;
}

// The compiled copy lives in the cache; the #line directive makes diagnostics point at the
// user's file and line rather than at <hash>.c.
std::string sourceText(const KernelSource &kernel)
{
    std::string name;
    for (char c : displayName(kernel)) {
        if (c == '"' || c == '\\')
            name += '\\';
        name += c;
    }
    return "#line 1 \"" + name + "\"\n" + kernel.code;
}

} // namespace

Status checkCpuSpec(const Spec &spec)
{
    if (spec.backend != BackendKind::Cpu)
        return makeError(EngineError::Code::InvalidSpec,
                         std::string("the cpu backend cannot run a ") + toString(spec.backend) +
                             " spec");
    if (spec.kernel.language != "c" && spec.kernel.language != "c++")
        return makeError(EngineError::Code::InvalidSpec,
                         "the cpu backend builds C or C++ kernels, not '" + spec.kernel.language +
                             "'");
    return ok();
}

CpuBuilder::CpuBuilder(std::string cacheDirectory) : m_cacheDirectory(std::move(cacheDirectory)) {}

Status CpuBuilder::createCacheDirectory() const
{
    std::error_code error;
    std::filesystem::create_directories(m_cacheDirectory, error);
    if (error)
        return makeError(EngineError::Code::IoError,
                         "cannot create the build cache directory " + m_cacheDirectory,
                         error.message());
    return ok();
}

std::vector<std::string> CpuBuilder::compilerCommand(const std::string &language)
{
    const bool cxx = language == "c++";
    const char *override = std::getenv(cxx ? "TB_CXX" : "TB_CC");
    std::vector<std::string> command;
    std::istringstream words(override && *override ? override : (cxx ? "c++" : "cc"));
    for (std::string word; words >> word;)
        command.push_back(word);
    return command;
}

std::vector<std::string> CpuBuilder::compileFlags(const KernelSource &kernel,
                                                  const std::vector<Parameter> &parameters,
                                                  const Configuration &config)
{
    std::vector<std::string> flags{"-O3", "-march=native", "-fPIC", "-shared",
                                   kernel.language == "c++" ? "-std=c++17" : "-std=c11"};
    // #include "x.h" next to the user's file keeps working although we compile a copy.
    // (Headers are not part of the cache key: touch the kernel or clear the cache after
    // editing one.)
    if (!kernel.sourcePath.empty())
        flags.push_back("-iquote" +
                        std::filesystem::path(kernel.sourcePath).parent_path().string());
    flags.insert(flags.end(), kernel.compilerFlags.begin(), kernel.compilerFlags.end());
    const auto defines = parameterDefines(parameters, config, kernel.code);
    flags.insert(flags.end(), defines.begin(), defines.end());
    return flags;
}

CpuBuild CpuBuilder::build(const KernelSource &kernel, const std::vector<Parameter> &parameters,
                           const Configuration &config) const
{
    const auto start = std::chrono::steady_clock::now();
    CpuBuild result;
    if (kernel.language != "c" && kernel.language != "c++") {
        result.errorMessage = "the cpu backend builds C or C++, not '" + kernel.language + "'";
        return result;
    }
    result.errorMessage = parameterCountMismatch(parameters, config);
    if (!result.errorMessage.empty())
        return result;

    const auto command = compilerCommand(kernel.language);
    const auto flags = compileFlags(kernel, parameters, config);
    const std::string source = sourceText(kernel);
    Fnv1a64 hash;
    hash.add(compilerIdentity(command));
    hash.add(cpuModel());
    for (const auto &flag : flags)
        hash.add(flag);
    hash.add(source);

    const BuildCache cache(m_cacheDirectory, hash.hex());
    result.libraryPath = cache.libraryPath();
    if (cache.hasLibrary()) {
        result.cached = true;
        result.log = cache.readLog();
        result.seconds = secondsSince(start);
        return result;
    }

    const std::string sourcePath = cache.sourcePath(sourceExtension(kernel.language));
    if (Status written = writeFileAtomically(sourcePath, source); !written) {
        result.errorMessage = written.error().toString();
        result.seconds = secondsSince(start);
        return result;
    }
    const std::string temporary = temporaryPathFor(result.libraryPath);
    auto argv = command;
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), {"-o", temporary, sourcePath});
    auto process = runProcess(argv);
    result.seconds = secondsSince(start);
    if (!process) {
        result.errorMessage = process.error().toString();
        return result;
    }
    result.log = process->output;
    if (process->exitCode != 0) {
        std::error_code ignored; // the compiler may not have created it
        std::filesystem::remove(temporary, ignored);
        const std::string line = firstErrorLine(result.log);
        if (process->signal != 0)
            result.errorMessage =
                "the compiler was killed by signal " + std::to_string(process->signal);
        else
            result.errorMessage = "compilation failed" + (line.empty() ? "" : ": " + line);
        result.errorMessage =
            withDefineCollisionNote(result.errorMessage, parameters, config, kernel.code);
        return result;
    }
    if (Status published = cache.publish(temporary, result.log); !published)
        result.errorMessage = published.error().toString();
    return result;
}

} // namespace tb
