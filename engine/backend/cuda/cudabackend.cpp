#include "cudabackend.h"

#include "backend/common/evaluationchecks.h"
#include "backend/common/lapclock.h"

#include "binaryfile.h"
#include "compile/cudaresources.h"
#include "compile/nvrtcarchitectures.h"
#include "launchcheck.h"
#include "model/resultfigure.h"
#include "model/tritonkernel.h"
#include "space/variables.h"

#include <cstdio>
#include <exception>

namespace tb {

namespace {

CudaFailure failure(ResultStatus status, std::string message)
{
    return {status, std::move(message), false};
}

void logOnce(const std::string &text)
{
    std::fprintf(stderr, "tunebench cuda backend: %s\n", text.c_str());
}

} // namespace

CudaBackend::CudaBackend(std::string cacheDirectory, CudaCompileOptions options)
    : m_cacheDirectory(std::move(cacheDirectory)), m_options(std::move(options)), m_timing(logOnce)
{}

CudaBackend::~CudaBackend() = default;

Status CudaBackend::prepare(const Spec &spec)
{
    if (spec.backend != BackendKind::Cuda)
        return makeError(EngineError::Code::InvalidSpec,
                         std::string("the cuda backend cannot run a ") + toString(spec.backend) +
                             " spec");
    if (spec.kernel.language != "cuda" && !isTritonKernel(spec.kernel))
        return makeError(EngineError::Code::InvalidSpec,
                         "the cuda backend builds CUDA and Triton kernels, not '" +
                             spec.kernel.language + "'");
    if (Status reference = checkReferenceConfiguration(spec); !reference)
        return reference;
    auto launch = LaunchShapeEvaluator::create(spec);
    if (!launch)
        return launch.error();
    LapClock setup;
    if (!m_context)
        if (Status opened = openDevice(setup); !opened)
            return opened;
    if (Status settings = openGpuSettings(spec); !settings)
        return settings;
    auto arguments = CudaArgumentSet::create(spec, *m_driver);
    if (!arguments)
        return arguments.error();
    setup.lap("argument buffers");
    auto constants = ConstantSymbols::create(spec);
    if (!constants)
        return constants.error();
    m_references.clear();
    m_arguments.reset(); // frees the previous spec's buffers before the new ones are made
    fillReferenceBuffers(spec, *arguments);
    setup.lap("first size's buffers");
    m_timing.chooseCuptiRecords(spec.measurement.concurrentCuptiRecords, m_stream.handle(),
                                *m_compiler, m_context->device().limits.smCount);
    setup.lap("CUPTI records");
    if (Status admitted = m_timing.admit(spec); !admitted)
        return admitted;
    // Once per worker start: a slow start names its slow step in the run's log.
    char total[32];
    std::snprintf(total, sizeof total, "%.2f", setup.totalSeconds());
    logOnce(std::string("ready in ") + total + " s: " + setup.text());
    m_arguments = std::move(*arguments);
    m_constants = std::move(*constants);
    m_launch = std::move(*launch);
    m_triton.reset();
    m_tritonArguments.reset();
    if (isTritonKernel(spec.kernel)) {
        auto expressions = ArgumentExpressions::create(spec);
        if (!expressions)
            return expressions.error();
        m_tritonArguments.emplace(std::move(*expressions));
        // Cubins come from the compile workers: this side never starts Python for them.
        m_triton.emplace(m_cacheDirectory, m_compiler->options().arch, findTritonInstall(),
                         TritonCompiler::CachedBuilds::Trust);
    }
    m_spec = spec;
    return ok();
}

// The first problem size's buffers for the reference configuration, the first the worker runs:
// filled at the start, while the compile workers build the first configurations (two 4096^2
// fp16 matrices took a second of a Triton matmul's first job while 16 compiles shared the CPU,
// on the H200 machine). A failure here comes back with the job that binds them again.
void CudaBackend::fillReferenceBuffers(const Spec &spec, CudaArgumentSet &arguments)
{
    if (!spec.verification.reference || spec.sizes.values.empty())
        return;
    const auto values = configurationValues(spec, Configuration{*spec.verification.reference}, 0);
    (void)arguments.bind(values);
}

Status CudaBackend::openDevice(LapClock &setup)
{
    auto driver = CudaDriver::load();
    if (!driver)
        return driver.error();
    m_driver = std::make_unique<CudaDriver>(std::move(*driver));
    setup.lap("driver");
    // CUPTI before the context, so it sees the context being made.
    m_timing.startCupti();
    setup.lap("CUPTI");
    auto context = CudaContext::create(*m_driver);
    if (!context)
        return context.error();
    m_context = std::move(*context);
    setup.lap("context");
    const CudaDeviceInfo &device = m_context->device();
    auto arch = archForComputeCapability(device.limits.computeMajor, device.limits.computeMinor);
    if (!arch)
        return makeError(EngineError::Code::NoDevice, "NVRTC cannot compile for " + device.name,
                         arch.error().toString());
    CudaCompileOptions options = m_options;
    options.arch = *arch;
    m_compiler.emplace(m_cacheDirectory, options);
    if (CudaStatus created = m_stream.create(*m_driver); !created)
        return makeError(EngineError::Code::BackendError, created.failure().message);
    setup.lap("stream");
    if (Status opened = m_timing.open(*m_driver, device, *m_compiler, setup); !opened)
        return opened;
    m_verifier = std::make_unique<DeviceVerifier>(*m_driver, *m_compiler, device.limits.smCount);
    for (const std::string &line :
         GpuSettings::restoreLeftovers(GpuSettingsRecord::directoryFor(m_cacheDirectory)))
        logOnce(line);
    setup.lap("NVML");
    return ok();
}

// A spec that tunes GPU settings is refused before its first configuration where they cannot
// be set (no NVML, not root, a value the GPU does not take).
Status CudaBackend::openGpuSettings(const Spec &spec)
{
    m_settings.reset(); // a previous spec's settings are put back
    auto settings = GpuSettings::openFor(spec.parameters, m_context->device().pciBusId,
                                         GpuSettingsRecord::directoryFor(m_cacheDirectory));
    if (!settings)
        return settings.error();
    m_settings = std::move(*settings);
    return ok();
}

Result CudaBackend::evaluate(const Configuration &config, std::size_t sizeIndex,
                             double stopAboveSeconds)
{
    try {
        return run(config, sizeIndex, stopAboveSeconds);
    } catch (const std::exception &exception) {
        return failed({}, failure(ResultStatus::RuntimeError,
                                  std::string("the CUDA backend failed: ") + exception.what()));
    } catch (...) {
        return failed({}, failure(ResultStatus::RuntimeError, "the CUDA backend failed"));
    }
}

Result CudaBackend::run(const Configuration &config, std::size_t sizeIndex, double stopAboveSeconds)
{
    Result result;
    result.timer = toString(m_timing.timer());
    if (!m_spec || !m_context)
        return failed(result, failure(ResultStatus::RuntimeError, "the backend was not prepared"));
    if (m_context->broken())
        return failed(result, {ResultStatus::RuntimeError,
                               "the CUDA context was left unusable by an earlier kernel", true});
    if (std::string problem = evaluationProblem(m_spec, config, sizeIndex); !problem.empty())
        return failed(result, failure(ResultStatus::RuntimeError, std::move(problem)));
    if (m_settings) {
        if (Status applied = m_settings->apply(gpuSettingsOf(m_spec->parameters, config)); !applied)
            return failed(result, failure(ResultStatus::RuntimeError, applied.error().toString()));
    }

    // Where a configuration's time on the GPU worker goes (the throughput benchmark reads it).
    LapClock phases;
    const auto endPhase = [&](const char *name) { result.resources[name] = phases.lap(name); };
    LoadedKernel kernel;
    if (CudaStatus loaded = loadKernel(config, sizeIndex, result, kernel); !loaded)
        return failed(result, loaded.failure());
    endPhase(figures::kLoadSeconds);
    if (m_spec->verification.compares()) {
        // Before binding this config: running the reference rebinds the arguments.
        CudaStatus fault;
        SizeReferences::Reference &reference = referenceFor(sizeIndex, fault);
        endPhase(figures::kReferenceSeconds);
        if (!reference.failure.empty()) // a fault of the reference left the context broken too
            return failed(result, {ResultStatus::ReferenceFailed, reference.failure,
                                   !fault.ok() && fault.failure().breaksContext});
        if (CudaStatus bound = bindFor(config, sizeIndex, kernel); !bound)
            return failed(result, bound.failure());
        endPhase(figures::kBindSeconds);
        if (CudaStatus verified = verify(reference, kernel, sizeIndex); !verified)
            return failed(result, verified.failure());
        endPhase(figures::kVerifySeconds);
    } else {
        if (CudaStatus bound = bindFor(config, sizeIndex, kernel); !bound)
            return failed(result, bound.failure());
        endPhase(figures::kBindSeconds);
    }
    if (CudaStatus measured =
            m_timing.measure(m_stream.handle(), kernel.launch, *m_spec,
                             m_spec->verification.compares(), stopAboveSeconds, result);
        !measured)
        return failed(result, measured.failure());
    endPhase(figures::kMeasureSeconds);
    return result;
}

CudaStatus CudaBackend::loadKernel(const Configuration &config, std::size_t sizeIndex,
                                   Result &result, LoadedKernel &kernel)
{
    const CudaBuild build = buildKernel(config, sizeIndex);
    result.compilerLog = build.log;
    result.compileSeconds = build.seconds;
    result.cachedBuild = build.cached;
    if (!build.succeeded())
        return failure(ResultStatus::CompileError, build.errorMessage);
    std::string error;
    const std::vector<char> image = readBinaryFile(build.cubinPath, &error);
    if (image.empty())
        return failure(ResultStatus::CompileError,
                       "cannot read the cubin: " + (error.empty() ? build.cubinPath : error));
    if (CudaStatus loaded = CudaModule::load(*m_driver, image, build.loweredName, kernel.module);
        !loaded)
        return loaded;

    auto shape = m_launch->evaluate(config, sizeIndex);
    if (!shape)
        return failure(ResultStatus::InvalidLaunch, shape.error().toString());
    if (build.triton)
        if (CudaStatus applied = applyTritonLaunch(*build.triton, *shape, kernel); !applied)
            return applied;
    CudaFunctionAttributes attributes;
    if (CudaStatus read = kernel.module.attributes(attributes); !read)
        return read;
    const LaunchCheck check =
        checkLaunch(m_context->device().limits, build.usage, attributes, *shape);
    fillResources(result, check.usage, *shape, check.occupancy);
    result.resources[figures::kLocalMemory] = attributes.localBytes;
    if (!check.problem.empty())
        return failure(ResultStatus::InvalidLaunch, check.problem);
    if (CudaStatus allowed = kernel.module.allowDynamicShared(shape->dynamicSharedBytes); !allowed)
        return allowed;
    kernel.launch = {kernel.module.function(), *shape,
                     kernel.triton ? kernel.triton->params() : m_arguments->kernelParams(),
                     build.loweredName};
    if (build.triton)
        kernel.launch.clusterX = static_cast<unsigned>(build.triton->numCtas);
    return {};
}

// Clusters came with sm_90. Of 16 blocks a cluster needs the module's opt-in; beyond 8
// otherwise the launch itself refuses.
CudaStatus CudaBackend::allowClusters(int numCtas, const CudaModule &module)
{
    const DeviceLimits &limits = m_context->device().limits;
    if (limits.computeMajor < 9)
        return failure(ResultStatus::InvalidLaunch,
                       "num_ctas " + std::to_string(numCtas) +
                           ": thread-block clusters need compute capability 9.0, the GPU has " +
                           std::to_string(limits.computeMajor) + "." +
                           std::to_string(limits.computeMinor));
    return module.allowClusterSize(numCtas);
}

CudaBuild CudaBackend::buildKernel(const Configuration &config, std::size_t sizeIndex)
{
    if (m_triton)
        return m_triton->build(*m_spec, *m_tritonArguments, config, sizeIndex);
    return m_compiler->build(m_spec->kernel, m_spec->parameters, config);
}

CudaStatus CudaBackend::applyTritonLaunch(const TritonLaunch &launch, LaunchShape &shape,
                                          LoadedKernel &kernel)
{
    if (launch.numCtas != 1) // Triton launches a cluster of num_ctas blocks along x
        if (CudaStatus allowed = allowClusters(launch.numCtas, kernel.module); !allowed)
            return allowed;
    applyTritonShape(launch, shape);
    kernel.triton = std::make_unique<TritonLaunchParameters>(*m_driver);
    return kernel.triton->bind(launch, m_spec->arguments, m_arguments->kernelParams(), shape);
}

CudaStatus CudaBackend::bindFor(const Configuration &config, std::size_t sizeIndex,
                                const LoadedKernel &kernel)
{
    const auto values = configurationValues(*m_spec, config, sizeIndex);
    if (CudaStatus bound = m_arguments->bind(values); !bound)
        return bound;
    if (m_constants->empty())
        return {};
    if (CudaStatus bound = m_constants->bind(values); !bound)
        return bound;
    return m_constants->upload(*m_driver, kernel.module);
}

CudaStatus CudaBackend::runOnce(const LoadedKernel &kernel)
{
    if (CudaStatus reset = m_arguments->resetOutputs(); !reset)
        return reset;
    if (CudaStatus launched = kernel.launch.launch(*m_driver, m_stream.handle()); !launched)
        return launched;
    return m_stream.synchronize();
}

bool CudaBackend::needsReference(std::size_t sizeIndex) const
{
    return m_spec && m_context && m_spec->verification.reference && !m_references.has(sizeIndex);
}

// A fault of the reference breaks the context (usable() turns false): the worker sends its
// answer and exits, as after any configuration's fault.
std::string CudaBackend::prepareReference(std::size_t sizeIndex)
{
    try {
        CudaStatus fault;
        return referenceFor(sizeIndex, fault).failure;
    } catch (const std::exception &error) {
        return "the reference configuration failed: " + std::string(error.what());
    } catch (...) {
        return "the reference configuration failed";
    }
}

SizeReferences::Reference &CudaBackend::referenceFor(std::size_t sizeIndex, CudaStatus &fault)
{
    return m_references.forSize(
        *m_spec, sizeIndex, *m_driver, *m_arguments,
        [this](const Configuration &config, std::size_t size) {
            return runReference(config, size);
        },
        fault);
}

CudaStatus CudaBackend::runReference(const Configuration &config, std::size_t sizeIndex)
{
    Result scratch;
    LoadedKernel kernel;
    CudaStatus status = loadKernel(config, sizeIndex, scratch, kernel);
    if (status.ok())
        status = bindFor(config, sizeIndex, kernel);
    if (status.ok())
        status = runOnce(kernel);
    return status;
}

CudaStatus CudaBackend::verify(SizeReferences::Reference &reference, const LoadedKernel &kernel,
                               std::size_t sizeIndex)
{
    if (CudaStatus ran = runOnce(kernel); !ran)
        return ran;
    return SizeReferences::check(reference, *m_spec, sizeIndex, *m_driver, *m_verifier,
                                 *m_arguments, m_stream.handle());
}

Result CudaBackend::failed(Result result, const CudaFailure &failure)
{
    result.status = failure.status;
    result.message = failure.message;
    if (failure.breaksContext && m_context && !m_context->broken()) {
        m_context->markBroken();
        result.message += " (the CUDA context is unusable now: the worker restarts)";
    }
    return result;
}

} // namespace tb
