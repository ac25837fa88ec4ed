#include "cpucompilebackend.h"

#include "backend/common/evaluationchecks.h"
#include "model/timerkind.h"

#include <exception>

namespace tb {

CpuCompileBackend::CpuCompileBackend(std::string cacheDirectory)
    : m_builder(std::move(cacheDirectory))
{}

Status CpuCompileBackend::prepare(const Spec &spec)
{
    if (Status cpu = checkCpuSpec(spec); !cpu)
        return cpu;
    if (Status created = m_builder.createCacheDirectory(); !created)
        return created;
    m_spec = spec;
    return ok();
}

Result CpuCompileBackend::evaluate(const Configuration &config, std::size_t sizeIndex,
                                   double /*stopAboveSeconds: nothing is measured*/)
{
    Result result;
    result.timer = toString(TimerKind::None);
    if (!m_spec)
        return failedResult(result, ResultStatus::RuntimeError, "the backend was not prepared");
    if (std::string problem = evaluationProblem(m_spec, config, sizeIndex); !problem.empty())
        return failedResult(result, ResultStatus::RuntimeError, std::move(problem));
    try {
        const CpuBuild build = m_builder.build(m_spec->kernel, m_spec->parameters, config);
        result.compilerLog = build.log;
        result.compileSeconds = build.seconds;
        result.cachedBuild = build.cached;
        if (!build.succeeded())
            return failedResult(result, ResultStatus::CompileError, build.errorMessage);
    } catch (const std::exception &exception) {
        return failedResult(result, ResultStatus::RuntimeError,
                            std::string("the build failed: ") + exception.what());
    }
    return result;
}

} // namespace tb
