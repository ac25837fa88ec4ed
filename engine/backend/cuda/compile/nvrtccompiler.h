#pragma once

#include "cudabuild.h"
#include "model/configuration.h"
#include "model/spec.h"

#include <string>
#include <vector>

namespace tb {

struct CudaCompileOptions
{
    std::string arch = "sm_90"; // a real architecture: NVRTC emits a cubin for it, not PTX
    // Where the CUDA headers are (<root>/include, <root>/include/cccl). Empty: $CUDA_HOME, then
    // $CUDA_PATH, then /usr/local/cuda.
    std::string toolkitRoot;
    // Where CudaCompileBackend writes the code of each build (codefiles.h) for the Kernel page's
    // PTX and SASS views (tunebench-worker --code-dir). When set, build() also keeps the PTX:
    // the compile's own, or on a cache hit that of a PTX-only compile for compute_XX. Tuning
    // runs leave it empty: no PTX is kept and nothing is written.
    std::string codeDirectory;
};

// Compiles a spec's CUDA kernel for one configuration into a cubin with NVRTC (linked; no
// driver, no GPU needed). Options, in order: -arch=<arch> -std=c++17 -DNAME=value per parameter,
// -I<toolkit>/include -I<toolkit>/include/cccl, -I<directory of the source file> when there is
// one, -Xptxas=-v -Xptxas=--warn-on-spills (ptxas figures into the log), --no-cache (NVRTC's own
// cache would skip ptxas and its figures), -lineinfo, then the spec's compiler flags.
//
// The entry is registered as an NVRTC name expression with the parameters substituted
// ("gemm<BM, BN>" -> "gemm<64, 32>"), so templates and plain __global__ functions alike resolve
// to their symbol through nvrtcGetLoweredName; extern "C" is not needed.
//
// Cubins are cached as <cacheDirectory>/cuda/<hash>.cubin with <hash>.json beside it (entry
// symbol, ptxas figures, log, arch, compile seconds), hash = FNV-1a 64 over the NVRTC version,
// the arch, the options, the name expression, the program name and the source text. Several
// processes may share the cache (files are renamed into place). Failed compiles are not cached.
// build() is const and may run in several threads at once (one NVRTC program per call).
class NvrtcCompiler
{
public:
    explicit NvrtcCompiler(std::string cacheDirectory, CudaCompileOptions options = {});

    CudaBuild build(const KernelSource &kernel, const std::vector<Parameter> &parameters,
                    const Configuration &config) const;

    // The options build() passes to NVRTC.
    std::vector<std::string> compileOptions(const KernelSource &kernel,
                                            const std::vector<Parameter> &parameters,
                                            const Configuration &config) const;
    // kernel.entry with each parameter name (whole word) replaced by its value
    // (entryInstantiation()).
    static std::string nameExpression(const std::string &entry,
                                      const std::vector<Parameter> &parameters,
                                      const Configuration &config);
    // "13.0": the version of the NVRTC library loaded.
    static std::string nvrtcVersionText();

    const std::string &cacheDirectory() const { return m_cacheDirectory; }
    const CudaCompileOptions &options() const { return m_options; }

private:
    std::string m_cacheDirectory;
    CudaCompileOptions m_options; // toolkitRoot resolved
};

} // namespace tb
