#include "nvrtccompiler.h"

#include "cubincache.h"
#include "ptxasreport.h"

#include "backend/common/buildsupport.h"
#include "backend/common/fnv1a64.h"

#include <nvrtc.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace tb {

namespace {

std::string defaultToolkitRoot()
{
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
        if (const char *value = std::getenv(variable); value && *value)
            return value;
    return "/usr/local/cuda";
}

// The name NVRTC gives the program: it prefixes diagnostics ("kernel.cu(12): error: ...") and
// the line table, so it is the user's file when there is one.
std::string programName(const KernelSource &kernel)
{
    return kernel.sourcePath.empty() ? "kernel.cu" : kernel.sourcePath;
}

// Owns one NVRTC program; NVRTC is thread-safe as long as each thread has its own.
class Program
{
public:
    Program(const std::string &source, const std::string &name)
    {
        m_status =
            nvrtcCreateProgram(&m_program, source.c_str(), name.c_str(), 0, nullptr, nullptr);
    }
    ~Program()
    {
        if (m_program)
            nvrtcDestroyProgram(&m_program);
    }
    Program(const Program &) = delete;
    Program &operator=(const Program &) = delete;

    nvrtcProgram get() const { return m_program; }
    nvrtcResult createStatus() const { return m_status; }

    std::string log() const
    {
        std::size_t size = 0;
        if (nvrtcGetProgramLogSize(m_program, &size) != NVRTC_SUCCESS || size == 0)
            return {};
        std::string text(size, '\0');
        if (nvrtcGetProgramLog(m_program, text.data()) != NVRTC_SUCCESS)
            return {};
        while (!text.empty() && text.back() == '\0') // the size counts the terminator(s)
            text.pop_back();
        return text;
    }

    std::string ptx() const
    {
        std::size_t size = 0;
        if (nvrtcGetPTXSize(m_program, &size) != NVRTC_SUCCESS || size == 0)
            return {};
        std::string text(size, '\0');
        if (nvrtcGetPTX(m_program, text.data()) != NVRTC_SUCCESS)
            return {};
        while (!text.empty() && text.back() == '\0')
            text.pop_back();
        return text;
    }

    std::string cubin() const
    {
        std::size_t size = 0;
        if (nvrtcGetCUBINSize(m_program, &size) != NVRTC_SUCCESS || size == 0)
            return {};
        std::string bytes(size, '\0');
        if (nvrtcGetCUBIN(m_program, bytes.data()) != NVRTC_SUCCESS)
            return {};
        return bytes;
    }

private:
    nvrtcProgram m_program = nullptr;
    nvrtcResult m_status = NVRTC_SUCCESS;
};

std::string nvrtcFailure(const char *what, nvrtcResult status)
{
    return std::string(what) + " failed: " + nvrtcGetErrorString(status);
}

// Runs NVRTC on the source. Fills the build's log and, on success, its entry symbol and ptxas
// figures (and its PTX when `keepPtx`), and returns the cubin; on failure sets errorMessage and
// returns "".
std::string compileProgram(const std::string &code, const std::string &name,
                           const std::string &expression, const std::vector<std::string> &options,
                           bool keepPtx, CudaBuild &build)
{
    Program program(code, name);
    if (program.createStatus() != NVRTC_SUCCESS) {
        build.errorMessage = nvrtcFailure("nvrtcCreateProgram", program.createStatus());
        return {};
    }
    if (nvrtcResult added = nvrtcAddNameExpression(program.get(), expression.c_str());
        added != NVRTC_SUCCESS) {
        build.errorMessage = nvrtcFailure("nvrtcAddNameExpression", added);
        return {};
    }
    std::vector<const char *> arguments;
    for (const auto &option : options)
        arguments.push_back(option.c_str());
    const nvrtcResult compiled =
        nvrtcCompileProgram(program.get(), static_cast<int>(arguments.size()), arguments.data());
    build.log = program.log();
    if (compiled != NVRTC_SUCCESS) {
        const std::string line = firstErrorLine(build.log);
        if (line.empty())
            build.errorMessage = nvrtcFailure("nvrtcCompileProgram", compiled);
        else if (line.starts_with("__nv_name_map")) // NVRTC's code for the name expression
            build.errorMessage = "no kernel matches the entry '" + expression + "': " + line;
        else
            build.errorMessage = line;
        return {};
    }
    const char *lowered = nullptr;
    if (nvrtcResult found = nvrtcGetLoweredName(program.get(), expression.c_str(), &lowered);
        found != NVRTC_SUCCESS || !lowered) {
        build.errorMessage = "no kernel symbol for the entry '" + expression + "'";
        return {};
    }
    build.loweredName = lowered;
    std::string cubin = program.cubin();
    if (cubin.empty()) {
        build.errorMessage = "NVRTC produced no cubin (is '" + build.arch +
                             "' a real architecture, not compute_XX?)";
        return {};
    }
    // An ok build without figures would be stored as using 0 registers, with an occupancy
    // computed from that: say so instead.
    if (!ptxasReportedEntry(build.log, build.loweredName)) {
        build.errorMessage = "NVRTC's log has no ptxas report for '" + build.loweredName +
                             "', so its resource usage is unknown";
        return {};
    }
    build.usage = parsePtxasReport(build.log, build.loweredName);
    if (keepPtx) // NVRTC keeps the PTX of a compile for a real architecture too
        build.ptx = program.ptx();
    return cubin;
}

// The PTX alone, for a build found in the cache (NVRTC did not run): the same options for the
// virtual architecture, so no ptxas runs; the name expression instantiates a template entry.
// "" when NVRTC fails (the view then says so).
std::string compilePtxOnly(const std::string &code, const std::string &name,
                           const std::string &expression, std::vector<std::string> options,
                           const std::string &arch)
{
    Program program(code, name);
    if (program.createStatus() != NVRTC_SUCCESS ||
        nvrtcAddNameExpression(program.get(), expression.c_str()) != NVRTC_SUCCESS)
        return {};
    const std::string virtualArch =
        arch.starts_with("sm_") ? "compute_" + arch.substr(3) : std::string(arch);
    std::vector<const char *> arguments;
    for (auto &option : options) {
        if (option.starts_with("-arch="))
            option = "-arch=" + virtualArch;
        if (!option.starts_with("-Xptxas"))
            arguments.push_back(option.c_str());
    }
    if (nvrtcCompileProgram(program.get(), static_cast<int>(arguments.size()), arguments.data()) !=
        NVRTC_SUCCESS)
        return {};
    return program.ptx();
}

} // namespace

NvrtcCompiler::NvrtcCompiler(std::string cacheDirectory, CudaCompileOptions options)
    : m_cacheDirectory(std::move(cacheDirectory)), m_options(std::move(options))
{
    if (m_options.toolkitRoot.empty())
        m_options.toolkitRoot = defaultToolkitRoot();
}

std::string NvrtcCompiler::nvrtcVersionText()
{
    int major = 0;
    int minor = 0;
    if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS)
        return "unknown";
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string NvrtcCompiler::nameExpression(const std::string &entry,
                                          const std::vector<Parameter> &parameters,
                                          const Configuration &config)
{
    return entryInstantiation(entry, parameters, config);
}

std::vector<std::string> NvrtcCompiler::compileOptions(const KernelSource &kernel,
                                                       const std::vector<Parameter> &parameters,
                                                       const Configuration &config) const
{
    std::vector<std::string> options{"-arch=" + m_options.arch, "-std=c++17"};
    const auto defines = parameterDefines(parameters, config, kernel.code);
    options.insert(options.end(), defines.begin(), defines.end());
    // NVRTC has no default include path; cccl holds cub/ and cuda/std/.
    options.push_back("-I" + m_options.toolkitRoot + "/include");
    options.push_back("-I" + m_options.toolkitRoot + "/include/cccl");
    // #include "x.h" next to the user's file. (Headers are not part of the cache key: touch the
    // kernel or clear the cache after editing one.)
    if (!kernel.sourcePath.empty())
        options.push_back("-I" + std::filesystem::path(kernel.sourcePath).parent_path().string());
    // One -Xptxas= per ptxas option: a comma list fails.
    options.insert(options.end(), {"-Xptxas=-v", "-Xptxas=--warn-on-spills"});
    // NVRTC 13 keeps its own cache of PTX and cubins in the CUDA driver's compute cache (used
    // only where a driver loads, so on GPU machines alone). On a hit it skips ptxas: no report
    // in the log, no figures in the build. Two workers compiling one program at once (one
    // configuration for two problem sizes, before the first had published its cubin) stored
    // the second build with 0 registers and an empty log. Our cubin cache is the only one: it
    // keeps the report with the cubin.
    options.push_back("--no-cache");
    options.push_back("-lineinfo");
    options.insert(options.end(), kernel.compilerFlags.begin(), kernel.compilerFlags.end());
    return options;
}

CudaBuild NvrtcCompiler::build(const KernelSource &kernel, const std::vector<Parameter> &parameters,
                               const Configuration &config) const
{
    const auto start = std::chrono::steady_clock::now();
    CudaBuild result;
    result.arch = m_options.arch;
    result.errorMessage = parameterCountMismatch(parameters, config);
    if (!result.errorMessage.empty())
        return result;
    const auto options = compileOptions(kernel, parameters, config);
    const std::string expression = nameExpression(kernel.entry, parameters, config);
    const std::string name = programName(kernel);

    Fnv1a64 hash;
    hash.add("nvrtc " + nvrtcVersionText());
    hash.add(m_options.arch);
    for (const auto &option : options)
        hash.add(option);
    hash.add(expression);
    hash.add(name);
    hash.add(kernel.code);
    const CubinCache cache(m_cacheDirectory, hash.hex());
    const bool keepPtx = !m_options.codeDirectory.empty();
    if (auto hit = cache.load()) {
        hit->seconds = secondsSince(start); // the lookup's time: nothing was compiled
        if (keepPtx)
            hit->ptx = compilePtxOnly(kernel.code, name, expression, options, m_options.arch);
        return std::move(*hit);
    }

    const std::string cubin =
        compileProgram(kernel.code, name, expression, options, keepPtx, result);
    result.seconds = secondsSince(start);
    if (!result.succeeded()) {
        result.errorMessage =
            withDefineCollisionNote(result.errorMessage, parameters, config, kernel.code);
        return result;
    }
    result.cubinPath = cache.cubinPath();
    if (Status published = cache.publish(cubin, result); !published)
        result.errorMessage = published.error().toString();
    return result;
}

} // namespace tb
