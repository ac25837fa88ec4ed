#pragma once

#include "backend/common/argumentexpressions.h"
#include "cudabuild.h"
#include "model/configuration.h"
#include "model/spec.h"
#include "tritonhelper.h"
#include "tritonrequest.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// Compiles a Triton spec's kernel for one configuration and problem size into a cubin, with
// Triton's compiler for an explicit target (no GPU, no driver): the compile side of issue 36.
//
// The kernel's source (inlined in the spec, so a worker on another host has it too) is written
// to <cache>/triton/src/<hash>/<file name> for Triton to import. Its parameters come from the
// helper's "inspect" (the source parsed, never run), kept in <cache>/triton/inspect/ so that
// the bench worker maps arguments without starting Python. The request (tritonrequest.h) names
// the build: cubins are cached as <cache>/cuda/triton-<hash>.cubin with the build's launch
// (tritonlaunch.h), ptxas figures and Triton version beside it, as NVRTC's are. A compile
// worker rebuilds a cached cubin of another Triton version; the bench side takes what is
// there (the compile worker saw each configuration first).
//
// Not thread-safe: one helper process per compiler.
class TritonCompiler
{
public:
    // Whether a cached cubin is checked against the helper's Triton version (compile workers)
    // or taken as it is (the bench side, which then never starts Python for a cached build).
    enum class CachedBuilds
    {
        CheckVersion,
        Trust
    };

    // `arch`: "sm_90". Without an install (findTritonInstall's error), build() fails with it.
    TritonCompiler(std::string cacheDirectory, std::string arch, Expected<TritonInstall> install,
                   CachedBuilds cached);

    // Never throws. A compile error keeps Triton's message (with the kernel's source line)
    // as errorMessage and in the log.
    CudaBuild build(const Spec &spec, const ArgumentExpressions &arguments,
                    const Configuration &config, std::size_t sizeIndex);

    // The Kernel page's compile (CudaCompileOptions::codeDirectory): each build also keeps its
    // TTIR, TTGIR, LLIR and PTX (CudaBuild). The cache keeps cubins only, so a cached build's
    // are compiled again, beside it: tuning runs would otherwise store text that nobody reads,
    // about 100 KB a configuration (the example matmul's, four times its cubin), and the cache
    // key already names a build that gives the same kernel again (same helper, Triton, target,
    // code and request).
    void keepCode(bool keep) { m_keepCode = keep; }

    const std::string &arch() const { return m_arch; }

private:
    struct Source
    {
        std::string hash; // of the code and entry
        std::string path; // where Triton imports it from
    };

    Expected<Source> writeSource(const Spec &spec) const;
    Expected<std::vector<TritonKernelParameter>> kernelParameters(const Spec &spec,
                                                                  const Source &source);
    Expected<TritonHelper *> helper();
    CudaBuild compile(const nlohmann::json &request, const Source &source, const std::string &key);
    CudaBuild withCode(CudaBuild cached, const nlohmann::json &request, const Source &source,
                       const std::string &key);
    // The helper's successful "compile" answer, its files in `scratch`; a compile error is
    // Triton's message (answerError), as a build reports it.
    Expected<nlohmann::json> compileAnswer(const nlohmann::json &request, const Source &source,
                                           const std::filesystem::path &scratch);
    std::filesystem::path scratchDirectory(const std::string &key) const;

    std::string m_cacheDirectory;
    std::string m_arch;
    int m_capability = 90;
    CachedBuilds m_cached = CachedBuilds::CheckVersion;
    bool m_keepCode = false;
    std::optional<TritonInstall> m_install;
    std::string m_installProblem; // why there is no install
    std::string m_helperHash;     // of the helper script: a new helper invalidates the cache
    std::optional<TritonHelper> m_helper;
    std::map<std::string, std::vector<TritonKernelParameter>> m_parameters; // by Source::hash
};

} // namespace tb
