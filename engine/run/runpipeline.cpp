#include "runpipeline.h"

#include "cluster/launcherchoice.h"
#include "lanereporter.h"
#include "measure/energywindow.h"
#include "pipeline/compileworkers.h"
#include "pipeline/jobpipeline.h"
#include "sessionlistener.h"
#include "space/variables.h"
#include "workspacerun.h"

#include <algorithm>

namespace tb {

RunPipeline::RunPipeline(const Spec &spec, const SessionOptions &options, SessionListener &listener,
                         WorkspaceRun &run, LaneReporter &lanes)
    : m_spec(spec), m_options(options), m_listener(listener), m_run(run), m_lanes(lanes)
{}

RunPipeline::~RunPipeline() = default;

Status RunPipeline::ensureStarted(bool slowerIsWorse)
{
    return m_pipeline ? ok() : start(slowerIsWorse);
}

Status RunPipeline::start(bool slowerIsWorse)
{
    PipelineSettings settings;
    settings.backend = m_spec.backend;
    settings.workerCommand = m_options.workerCommand;
    settings.cacheDirectory = m_options.cacheDirectory;
    settings.specDocument = m_spec.document;
    settings.baseDirectory = m_spec.baseDirectory;
    // The energy run is time the tool adds to a configuration, not the configuration's own.
    settings.timeoutSeconds =
        m_spec.measurement.timeoutSeconds + energyRunAllowance(m_spec.measurement.energySeconds);
    settings.compileWorkers = resolveCompileWorkers(
        m_options.workers, m_spec.backend == BackendKind::Cuda
                               ? std::max(m_options.gpus.size(), m_options.benchLaunchers.size())
                               : 1);
    settings.gpus = m_options.gpus;
    settings.benchLaunchers = m_options.benchLaunchers;
    settings.compileWhereMeasured = m_options.compileWhereMeasured;
    settings.arch = m_options.arch;
    settings.compileOnly = m_options.compileOnly;
    if (m_spec.verification.reference) {
        settings.referenceName = referenceLabel(m_spec);
        settings.reference = m_spec.verification.reference;
    }
    if (slowerIsWorse)
        settings.earlyExitFactor = m_spec.measurement.earlyExitFactor;
    m_pipeline = std::make_unique<JobPipeline>(std::move(settings));
    for (const auto &[sizeIndex, seconds] : m_storedOkTimes)
        m_pipeline->noteOkTime(sizeIndex, seconds);
    m_storedOkTimes.clear();
    auto status = m_pipeline->start();
    if (status)
        status = recordLaunchedDevice();
    forwardLogs();
    if (status)
        reportLanes(true);
    return status;
}

// A stored result of a resumed run: the pipeline's early exit compares with it too, told at
// once or when the pipeline starts (stored results come first, before any job needs it).
void RunPipeline::noteStoredOkTime(std::size_t sizeIndex, double seconds)
{
    if (m_pipeline)
        m_pipeline->noteOkTime(sizeIndex, seconds);
    else
        m_storedOkTimes.emplace_back(sizeIndex, seconds);
}

Status RunPipeline::waitForRoom(std::chrono::milliseconds wait)
{
    if (!m_pipeline)
        return ok();
    auto status = m_pipeline->waitForRoom(wait);
    forwardLogs();
    return status;
}

Status RunPipeline::restartBenchWorkers()
{
    if (!m_pipeline)
        return ok(); // the next job starts the pipeline, with new processes
    auto status = m_pipeline->restartBenchWorkers();
    forwardLogs();
    if (status)
        reportLanes(true);
    return status;
}

void RunPipeline::forwardLogs()
{
    if (!m_pipeline)
        return;
    for (const auto &line : m_pipeline->takeLogLines())
        m_listener.onLog(line);
}

void RunPipeline::reportLanes(bool all)
{
    if (m_pipeline)
        m_lanes.report(*m_pipeline, all);
}

void RunPipeline::stop()
{
    if (m_pipeline)
        m_pipeline->stop();
}

// A run whose measuring workers went through srun or ssh was opened as "cuda": its GPUs were
// unknown until the workers' hellos. The first one's model and peaks become the run's (what
// `show`, the roofline and "% of peak" judge it by); each result keeps its own GPU.
Status RunPipeline::recordLaunchedDevice()
{
    const GpuIdentity *first = nullptr;
    const auto &gpus = m_pipeline->launchedGpus();
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        if (gpus[i].arch.empty()) // a location dropped at its start
            continue;
        m_listener.onLog(locationName(m_options.benchLaunchers, i) + " measures on " +
                         gpus[i].name + " (" + gpus[i].uuid + ", " + gpus[i].arch + ")");
        first = first ? first : &gpus[i];
    }
    if (!first)
        return ok();
    m_listener.onRunDevice(first->name, effectivePeaks(m_spec.peaks, first->peaks));
    return m_run.store().runs().setDevice(m_run.id(), first->name, first->peaks);
}

} // namespace tb
