#pragma once

#include "backend/common/argumentexpressions.h"
#include "cudabuild.h"
#include "model/configuration.h"
#include "model/spec.h"
#include "tritonhelper.h"
#include "tritonrequest.h"

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

    std::string m_cacheDirectory;
    std::string m_arch;
    int m_capability = 90;
    CachedBuilds m_cached = CachedBuilds::CheckVersion;
    std::optional<TritonInstall> m_install;
    std::string m_installProblem; // why there is no install
    std::string m_helperHash;     // of the helper script: a new helper invalidates the cache
    std::optional<TritonHelper> m_helper;
    std::map<std::string, std::vector<TritonKernelParameter>> m_parameters; // by Source::hash
};

} // namespace tb
