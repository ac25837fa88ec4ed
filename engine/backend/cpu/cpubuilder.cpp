#include "cpubuilder.h"

#include "atomicfile.h"
#include "buildcache.h"
#include "processrunner.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

namespace tb {

namespace {

// FNV-1a, 64 bit: tiny, stable across platforms and versions, good enough to name cache files
// (not cryptographic; a collision would need a crafted input). Fields are separated by a NUL
// byte so that ("ab", "c") and ("a", "bc") hash differently.
class Fnv1a64
{
public:
    void add(const std::string &text)
    {
        for (unsigned char byte : text)
            mix(byte);
        mix(0);
    }
    std::string hex() const
    {
        char buffer[17];
        std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(m_hash));
        return buffer;
    }

private:
    void mix(unsigned char byte)
    {
        m_hash ^= byte;
        m_hash *= 0x100000001b3ULL;
    }
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
};

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

// The first diagnostic that says "error", or the last non-empty line: what a result's message
// shows; the whole log stays in compilerLog.
std::string firstErrorLine(const std::string &log)
{
    std::istringstream lines(log);
    std::string line;
    std::string last;
    while (std::getline(lines, line)) {
        if (line.find("error") != std::string::npos)
            return line;
        if (!line.empty())
            last = line;
    }
    return last;
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

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
    for (std::size_t i = 0; i < parameters.size() && i < config.values.size(); ++i)
        flags.push_back("-D" + parameters[i].name + "=" + formatValue(config.values[i]));
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
    if (config.values.size() != parameters.size()) {
        result.errorMessage = "the configuration has " + std::to_string(config.values.size()) +
                              " values for " + std::to_string(parameters.size()) + " parameters";
        return result;
    }

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
        return result;
    }
    if (Status published = cache.publish(temporary, result.log); !published)
        result.errorMessage = published.error().toString();
    return result;
}

} // namespace tb
