#pragma once

#include "devicelimits.h"
#include "launchshape.h"
#include "model/kernelbackend.h"
#include "nvrtccompiler.h"
#include "tritoncompiler.h"

#include <optional>
#include <string>

namespace tb {

// The "cuda-compile" worker role: compiles CUDA configurations ahead of the GPU bench workers,
// without a GPU. Each evaluation builds the cubin with NVRTC (or finds it in the shared cache,
// where the bench backend's own NvrtcCompiler::build then finds it too), evaluates the launch
// geometry and checks it against the built-in limits of options.arch (knownDeviceLimits).
//
// Results: ok (compiled and launchable; no samples, timer "none"), compile_error (message, full
// log in compilerLog), or invalid_launch (an extent that is not a whole number >= 1, or a launch
// the device cannot run: too many threads, registers or shared memory per block). Whenever the
// kernel compiled, resources hold its figures (see fillResources) and compilerLog the NVRTC and
// ptxas log. With options.codeDirectory set (the Kernel page), each build's PTX, cubin and entry
// symbol are written there too (codefiles.h), and a Triton build's TTIR, TTGIR and LLIR.
//
// A Triton kernel (isTritonKernel) is built by TritonCompiler instead, per configuration and
// problem size (Triton specialises on the arguments' values); its block and shared memory are
// what Triton's build says.
class CudaCompileBackend : public KernelBackend
{
public:
    CudaCompileBackend(std::string cacheDirectory, CudaCompileOptions options = {});

    // InvalidSpec when the spec is not a cuda spec or its launch geometry is missing or does
    // not compile; InvalidArgument when options.arch has no built-in device limits.
    Status prepare(const Spec &spec) override;

    // Never throws.
    Result evaluate(const Configuration &config, std::size_t sizeIndex,
                    double stopAboveSeconds) override;

    const NvrtcCompiler &compiler() const { return m_compiler; }

private:
    Result run(const Configuration &config, std::size_t sizeIndex);
    CudaBuild build(const Configuration &config, std::size_t sizeIndex);

    NvrtcCompiler m_compiler;
    std::optional<DeviceLimits> m_limits;
    std::optional<Spec> m_spec;
    std::optional<LaunchShapeEvaluator> m_launch;
    std::optional<TritonCompiler> m_triton;         // Triton specs only
    std::optional<ArgumentExpressions> m_arguments; // Triton specs only: scalar values
};

} // namespace tb
