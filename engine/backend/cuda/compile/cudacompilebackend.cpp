#include "cudacompilebackend.h"

#include "backend/common/evaluationchecks.h"

#include "codefiles.h"
#include "cudaresources.h"
#include "model/timerkind.h"
#include "model/tritonkernel.h"
#include "occupancy.h"
#include "tritonlaunch.h"

#include <algorithm>
#include <cstdio>
#include <exception>

namespace tb {

CudaCompileBackend::CudaCompileBackend(std::string cacheDirectory, CudaCompileOptions options)
    : m_compiler(std::move(cacheDirectory), std::move(options))
{}

Status CudaCompileBackend::prepare(const Spec &spec)
{
    if (spec.backend != BackendKind::Cuda)
        return makeError(EngineError::Code::InvalidSpec,
                         std::string("the cuda-compile backend cannot run a ") +
                             toString(spec.backend) + " spec");
    auto limits = knownDeviceLimits(m_compiler.options().arch);
    if (!limits)
        return limits.error();
    auto launch = LaunchShapeEvaluator::create(spec);
    if (!launch)
        return launch.error();
    if (isTritonKernel(spec.kernel)) {
        auto arguments = ArgumentExpressions::create(spec);
        if (!arguments)
            return arguments.error();
        m_arguments.emplace(std::move(*arguments));
        m_triton.emplace(m_compiler.cacheDirectory(), m_compiler.options().arch,
                         findTritonInstall(), TritonCompiler::CachedBuilds::CheckVersion);
        m_triton->keepCode(!m_compiler.options().codeDirectory.empty());
    }
    m_limits = std::move(*limits);
    m_spec = spec;
    m_launch = std::move(*launch);
    return ok();
}

Result CudaCompileBackend::evaluate(const Configuration &config, std::size_t sizeIndex,
                                    double /*stopAboveSeconds: nothing is measured*/)
{
    try {
        return run(config, sizeIndex);
    } catch (const std::exception &exception) {
        return failedResult({}, ResultStatus::RuntimeError,
                            std::string("the compile backend failed: ") + exception.what());
    } catch (...) {
        return failedResult({}, ResultStatus::RuntimeError, "the compile backend failed");
    }
}

Result CudaCompileBackend::run(const Configuration &config, std::size_t sizeIndex)
{
    Result result;
    result.timer = toString(TimerKind::None); // nothing is measured here
    if (std::string problem = evaluationProblem(m_spec, config, sizeIndex); !problem.empty())
        return failedResult(result, ResultStatus::RuntimeError, std::move(problem));

    // The geometry first: a configuration whose launch is not even a shape is not worth a
    // compile.
    auto shape = m_launch->evaluate(config, sizeIndex);
    if (!shape)
        return failedResult(result, ResultStatus::InvalidLaunch, shape.error().toString());

    const CudaBuild build = this->build(config, sizeIndex);
    result.compilerLog = build.log;
    result.compileSeconds = build.seconds;
    result.cachedBuild = build.cached;
    if (!build.succeeded())
        return failedResult(result, ResultStatus::CompileError, build.errorMessage);
    if (const std::string &directory = m_compiler.options().codeDirectory; !directory.empty())
        if (Status written = writeCodeFiles(directory, build); !written) // said in the log
            std::fprintf(stderr, "tunebench-worker: cannot write the code files to %s: %s\n",
                         directory.c_str(), written.error().toString().c_str());

    if (build.triton) // the grid, block and shared memory the measuring backend launches
        applyTritonShape(*build.triton, *shape);
    const Occupancy occupancy = launchOccupancy(*m_limits, build.usage, *shape);
    fillResources(result, build.usage, *shape, occupancy);
    if (!occupancy.launchable)
        return failedResult(result, ResultStatus::InvalidLaunch, occupancy.whyNot);
    return result;
}

CudaBuild CudaCompileBackend::build(const Configuration &config, std::size_t sizeIndex)
{
    if (m_triton)
        return m_triton->build(*m_spec, *m_arguments, config, sizeIndex);
    return m_compiler.build(m_spec->kernel, m_spec->parameters, config);
}

} // namespace tb
