#pragma once

#include "compile/launchshape.h"
#include "compile/nvrtccompiler.h"
#include "compile/tritoncompiler.h"
#include "constantsymbols.h"
#include "cudaargumentset.h"
#include "cudacontext.h"
#include "cudadriver.h"
#include "cudamodule.h"
#include "cudastream.h"
#include "cudatiminginstruments.h"
#include "deviceverifier.h"
#include "gpusettings.h"
#include "kernellaunch.h"
#include "model/kernelbackend.h"
#include "sizereferences.h"
#include "tritonlaunchparameters.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tb {

class LapClock;

// The bench side of the CUDA backend (worker role "cuda"): runs configurations of a CUDA spec
// on the first visible GPU. For each configuration it gets the cubin from NvrtcCompiler, or
// TritonCompiler for a Triton kernel (a cache hit when a compile worker built it already), loads
// it, checks the launch against the device's limits, runs it once against the reference
// configuration's outputs, then measures it (CudaTimingInstruments: CUPTI kernel records, CUDA
// events as fallback and cross-check, L2 flush between samples, NVML clock and throttle state
// around it).
//
// The driver, CUPTI and NVML are all loaded at run time: without a driver, prepare() fails
// with "no CUDA driver found". A kernel fault (illegal address, trap, ...) leaves the context
// unusable: evaluate() answers runtime_error and usable() is false from then on.
class CudaBackend : public KernelBackend
{
public:
    explicit CudaBackend(std::string cacheDirectory, CudaCompileOptions options = {});
    ~CudaBackend() override;

    // InvalidSpec when the spec is not a cuda spec or an expression does not compile; NoDevice
    // when there is no driver or no GPU; BackendError when the context or stream cannot be
    // made. The compile arch is the device's (options.arch is overridden).
    Status prepare(const Spec &spec) override;

    // Never throws.
    Result evaluate(const Configuration &config, std::size_t sizeIndex,
                    double stopAboveSeconds) override;

    bool needsReference(std::size_t sizeIndex) const override;
    std::string prepareReference(std::size_t sizeIndex) override;

    bool usable() const override { return !m_context || !m_context->broken(); }

    // The GPU, once prepared (for the worker's handshake); nullptr before.
    const CudaDeviceInfo *device() const { return m_context ? &m_context->device() : nullptr; }

private:
    // A configuration's kernel, loaded and ready to launch for one problem size.
    struct LoadedKernel
    {
        CudaModule module;
        KernelLaunch launch;
        // A Triton kernel's parameters in Triton's order, with its scratch; on the heap, so
        // launch.params stays valid when the kernel moves.
        std::unique_ptr<TritonLaunchParameters> triton;
    };
    Result run(const Configuration &config, std::size_t sizeIndex, double stopAboveSeconds);
    Status openDevice(LapClock &setup);
    Status openGpuSettings(const Spec &spec);
    CudaStatus allowClusters(int numCtas, const CudaModule &module);
    static void fillReferenceBuffers(const Spec &spec, CudaArgumentSet &arguments);
    CudaStatus loadKernel(const Configuration &config, std::size_t sizeIndex, Result &result,
                          LoadedKernel &kernel);
    CudaBuild buildKernel(const Configuration &config, std::size_t sizeIndex);
    // Triton decides its launch: shared memory, programs per grid x, parameters and scratch.
    CudaStatus applyTritonLaunch(const TritonLaunch &launch, LaunchShape &shape,
                                 LoadedKernel &kernel);
    // Binds the arguments for `config` and fills `kernel`'s __constant__ symbols.
    CudaStatus bindFor(const Configuration &config, std::size_t sizeIndex,
                       const LoadedKernel &kernel);
    CudaStatus runOnce(const LoadedKernel &kernel);
    SizeReferences::Reference &referenceFor(std::size_t sizeIndex, CudaStatus &fault);
    // Loads, binds and runs `config` once at `sizeIndex`, for the reference's outputs.
    CudaStatus runReference(const Configuration &config, std::size_t sizeIndex);
    CudaStatus verify(SizeReferences::Reference &reference, const LoadedKernel &kernel,
                      std::size_t sizeIndex);
    Result failed(Result result, const CudaFailure &failure);

    std::string m_cacheDirectory;
    CudaCompileOptions m_options;
    std::optional<Spec> m_spec;
    std::unique_ptr<CudaDriver> m_driver; // on the heap: everything below points to it
    std::optional<CudaContext> m_context;
    CudaStream m_stream;
    CudaTimingInstruments m_timing;
    std::unique_ptr<DeviceVerifier> m_verifier;
    std::unique_ptr<GpuSettings> m_settings; // gpu_clock_mhz, power_limit_w; null: not tuned
    std::optional<NvrtcCompiler> m_compiler;
    std::optional<LaunchShapeEvaluator> m_launch;
    std::optional<TritonCompiler> m_triton;               // Triton specs only
    std::optional<ArgumentExpressions> m_tritonArguments; // their scalars, for the request
    std::optional<CudaArgumentSet> m_arguments;
    std::optional<ConstantSymbols> m_constants;
    SizeReferences m_references;
};

} // namespace tb
