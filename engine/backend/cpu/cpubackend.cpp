#include "cpubackend.h"

#include "backend/common/evaluationchecks.h"
#include "backend/common/expectedoutputfile.h"
#include "hostloadobserver.h"

#include "measure/adaptivesampler.h"
#include "model/measurementcaveats.h"
#include "model/timerkind.h"
#include "space/variables.h"

#include <chrono>
#include <exception>
#include <memory>

namespace tb {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration duration)
{
    return std::chrono::duration<double>(duration).count();
}

} // namespace

CpuBackend::CpuBackend(std::string cacheDirectory) : m_builder(std::move(cacheDirectory))
{
    m_observers.add(std::make_unique<HostLoadObserver>());
}

Status CpuBackend::prepare(const Spec &spec)
{
    if (Status cpu = checkCpuSpec(spec); !cpu)
        return cpu;
    if (Status reference = checkReferenceConfiguration(spec); !reference)
        return reference;
    auto arguments = ArgumentSet::create(spec);
    if (!arguments)
        return arguments.error();
    auto call = KernelCall::create(spec.arguments);
    if (!call)
        return call.error();
    if (Status created = m_builder.createCacheDirectory(); !created)
        return created;
    m_spec = spec;
    m_arguments = std::move(*arguments);
    m_call = std::move(*call);
    m_references.clear();
    m_expectedFiles.clear();
    return ok();
}

Result CpuBackend::evaluate(const Configuration &config, std::size_t sizeIndex,
                            double stopAboveSeconds)
{
    try {
        return run(config, sizeIndex, stopAboveSeconds);
    } catch (const std::exception &exception) {
        return failedResult({}, ResultStatus::RuntimeError,
                            std::string("the kernel threw an exception: ") + exception.what());
    } catch (...) {
        return failedResult({}, ResultStatus::RuntimeError,
                            "the kernel threw an unknown exception");
    }
}

Result CpuBackend::run(const Configuration &config, std::size_t sizeIndex, double stopAboveSeconds)
{
    Result result;
    result.timer = toString(TimerKind::SteadyClock);
    if (std::string problem = evaluationProblem(m_spec, config, sizeIndex); !problem.empty())
        return failedResult(result, ResultStatus::RuntimeError, std::move(problem));

    std::optional<KernelLibrary> library = buildAndLoad(config, result);
    if (!library)
        return result;

    if (m_spec->verification.compares()) {
        // Before binding this config: running the reference rebinds the arguments.
        const Reference *reference = nullptr;
        if (m_spec->verification.reference) {
            reference = &referenceFor(sizeIndex);
            if (!reference->failure.empty())
                return failedResult(result, ResultStatus::ReferenceFailed, reference->failure);
        }
        if (Status bound = bindFor(config, sizeIndex); !bound)
            return failedResult(result, ResultStatus::InvalidLaunch, bound.error().toString());
        if (Status reset = m_arguments->resetOutputs(); !reset)
            return failedResult(result, ResultStatus::InvalidLaunch, reset.error().toString());
        m_call->invoke(library->entry(), m_arguments->callArguments());
        auto mismatch = compareOutputs(reference, sizeIndex);
        if (!mismatch) // an expected file that no longer serves: nothing to compare with
            return failedResult(result, ResultStatus::ReferenceFailed, mismatch.error().message);
        if (!mismatch->empty())
            return failedResult(result, ResultStatus::WrongResult, *mismatch);
    } else if (Status bound = bindFor(config, sizeIndex); !bound) {
        return failedResult(result, ResultStatus::InvalidLaunch, bound.error().toString());
    }

    measure(*library, stopAboveSeconds, result);
    return result;
}

std::optional<KernelLibrary> CpuBackend::buildAndLoad(const Configuration &config, Result &result)
{
    const CpuBuild build = m_builder.build(m_spec->kernel, m_spec->parameters, config);
    result.compilerLog = build.log;
    result.compileSeconds = build.seconds;
    result.cachedBuild = build.cached;
    if (!build.succeeded()) {
        result = failedResult(std::move(result), ResultStatus::CompileError, build.errorMessage);
        return std::nullopt;
    }
    auto library = KernelLibrary::open(build.libraryPath, m_spec->kernel.entry);
    if (!library) {
        result =
            failedResult(std::move(result), ResultStatus::CompileError, library.error().toString());
        return std::nullopt;
    }
    return std::move(*library);
}

Status CpuBackend::bindFor(const Configuration &config, std::size_t sizeIndex)
{
    return m_arguments->bind(configurationValues(*m_spec, config, sizeIndex));
}

bool CpuBackend::needsReference(std::size_t sizeIndex) const
{
    return m_spec && m_spec->verification.reference && !m_references.count(sizeIndex);
}

std::string CpuBackend::prepareReference(std::size_t sizeIndex)
{
    try {
        return referenceFor(sizeIndex).failure;
    } catch (const std::exception &error) {
        return "the reference configuration threw an exception: " + std::string(error.what());
    } catch (...) {
        return "the reference configuration threw an unknown exception";
    }
}

const CpuBackend::Reference &CpuBackend::referenceFor(std::size_t sizeIndex)
{
    auto found = m_references.find(sizeIndex);
    if (found == m_references.end())
        found = m_references.emplace(sizeIndex, computeReference(sizeIndex)).first;
    return found->second;
}

CpuBackend::Reference CpuBackend::computeReference(std::size_t sizeIndex)
{
    const Configuration config{*m_spec->verification.reference};
    const std::string name = referenceLabel(*m_spec);
    Result result;
    std::optional<KernelLibrary> library = buildAndLoad(config, result);
    if (!library)
        return {name + " failed to build: " + result.message, {}};
    if (Status bound = bindFor(config, sizeIndex); !bound)
        return {name + " has invalid arguments: " + bound.error().toString(), {}};
    if (Status reset = m_arguments->resetOutputs(); !reset)
        return {name + " has invalid arguments: " + reset.error().toString(), {}};
    m_call->invoke(library->entry(), m_arguments->callArguments());
    Reference reference;
    for (const auto &output : m_arguments->outputs())
        reference.outputs.push_back(OutputSnapshot::copyOf(output));
    return reference;
}

// Each output against its expected file, else the reference configuration's copy (an output
// with neither is not compared): "" when every one matches, else the first mismatch.
Expected<std::string> CpuBackend::compareOutputs(const Reference *reference, std::size_t sizeIndex)
{
    const OutputVerifier verifier(m_spec->verification);
    const std::vector<OutputView> outputs = m_arguments->outputs();
    for (std::size_t b = 0; b < outputs.size(); ++b) {
        const OutputView &got = outputs[b];
        auto file = expectedFile(got, sizeIndex);
        if (!file)
            return file.error();
        std::optional<OutputView> expected;
        if (*file)
            expected = OutputView{got.name, got.type, (*file)->elements().data(),
                                  (*file)->elements().size() / elementSize(got.type)};
        else if (reference && b < reference->outputs.size())
            expected = reference->outputs[b].view();
        if (!expected)
            continue;
        if (std::string mismatch = verifier.compareOutput(*expected, got); !mismatch.empty())
            return mismatch;
    }
    return std::string();
}

// The file `output` is compared with at this size, mapped on first use; nullptr: none.
Expected<const DataFile *> CpuBackend::expectedFile(const OutputView &output, std::size_t sizeIndex)
{
    const auto key = std::pair(sizeIndex, output.name);
    if (auto found = m_expectedFiles.find(key); found != m_expectedFiles.end())
        return &found->second;
    auto file = openExpectedOutputFile(*m_spec, output.name, output.count, sizeIndex);
    if (!file)
        return file.error();
    if (!*file)
        return static_cast<const DataFile *>(nullptr);
    return &m_expectedFiles.emplace(key, std::move(**file)).first->second;
}

void CpuBackend::measure(const KernelLibrary &library, double stopAboveSeconds, Result &result)
{
    void **arguments = m_arguments->callArguments();
    for (int i = 0; i < m_spec->measurement.warmupRuns; ++i)
        m_call->invoke(library.entry(), arguments);

    AdaptiveSampler sampler(m_spec->measurement, stopAboveSeconds);
    m_observers.beforeMeasurement(); // after the warm-up: the load while timing
    const auto begin = Clock::now();
    for (;;) {
        const auto start = Clock::now();
        m_call->invoke(library.entry(), arguments);
        const auto end = Clock::now();
        sampler.add(seconds(end - start));
        if (sampler.done(seconds(end - begin)))
            break;
    }
    sampler.writeTo(result);
    m_observers.afterMeasurement(result);
}

} // namespace tb
