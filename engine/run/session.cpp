#include "session.h"

#include "export/exporter.h"
#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "pipeline/jobpipeline.h"
#include "search/searchstrategy.h"
#include "search/strategychoice.h"
#include "space/variables.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace tb {

namespace {
std::string defaultCacheDirectory(const std::string &workspacePath)
{
    return workspacePath + ".cache";
}
} // namespace

Session::Session(const Spec &spec, SessionOptions options, SessionListener &listener)
    : m_spec(spec), m_options(std::move(options)), m_listener(listener), m_run(m_spec, m_options),
      m_pipeline(m_spec, m_options, listener, m_run, m_lanes),
      m_pacing(m_options.stopRequested, m_options.pauseRequested,
               m_options.maxSeconds.value_or(spec.strategy.maxSeconds)),
      m_rounds(RoundPlan(m_options.compileOnly ? 1 : spec.measurement.processRounds,
                         m_options.compileOnly ? 1 : spec.measurement.maxProcessRounds,
                         spec.measurement.finalistsPerSize,
                         spec.measurement.targetRelativeHalfWidth),
               spec, listener, *this),
      m_lanes(spec, m_options.gpus, m_options.benchLaunchers, listener,
              [this](std::uint64_t token) { return laneJob(token); })
{
    if (m_options.cacheDirectory.empty())
        m_options.cacheDirectory = defaultCacheDirectory(m_options.workspacePath);
}

Session::~Session() = default;

Expected<RunSummary> Session::run()
{
    m_pacing.start();
    auto metrics = MetricEvaluator::create(m_spec);
    if (!metrics)
        return fail(metrics.error());
    m_metrics.emplace(std::move(metrics.value()));
    // Before a run is made for it.
    if (!m_spec.strategy.replayFile.empty())
        return fail(makeError(EngineError::Code::InvalidArgument,
                              "spec " + m_spec.name + " replays a recorded space (" +
                                  m_spec.strategy.replayFile + ") instead of measuring",
                              "replay it with tunebench-cli tune SPEC; remove strategy.replay "
                              "to measure"));
    if (auto status = checkStrategyName(m_options.strategy.value_or(m_spec.strategy.name)); !status)
        return fail(status.error());
    if (auto status = holdAllocation(); !status)
        return fail(status.error());
    if (auto status = openRun(); !status)
        return fail(status.error());
    if (auto status = planSizes(); !status)
        return fail(status.error());
    reportProgress();

    while (!m_pacing.stopRequested()) {
        updatePause();
        if (!m_pacing.paused()) {
            if (auto status = issueWork(); !status)
                return fail(status.error());
        }
        if (m_inFlight.empty()) {
            if (!m_pacing.paused()) {
                if (workRemains()) { // every worker is being restarted: wait for one
                    if (auto status = waitForWorker(); !status)
                        return fail(status.error());
                    continue;
                }
                auto started = m_rounds.startNext(*m_metrics);
                if (!started)
                    return fail(started.error());
                if (*started)
                    continue;
                break;
            }
            waitWhilePaused();
            continue;
        }
        if (auto status = collect(kPollInterval); !status)
            return fail(status.error());
    }
    m_pacing.endPause();
    m_pipeline.forwardLogs();
    m_pipeline.stop();
    releaseAllocation();
    m_summary.seconds = m_pacing.elapsedSeconds();
    const bool complete =
        m_summary.ok + m_summary.failed >= m_plans.planned() && m_rounds.complete();
    if (auto status = m_run.close(complete ? RunState::Finished : RunState::Stopped); !status)
        return fail(status.error());
    m_summary.stopped = !complete;
    m_listener.onFinished(m_summary);
    return m_summary;
}

Status Session::openRun()
{
    if (auto status = m_run.open([this](const std::string &line) { m_listener.onLog(line); },
                                 [this](const std::string &line) { m_listener.onNotice(line); });
        !status)
        return status;
    m_summary.runId = m_run.id();
    if (m_run.resumed()) {
        // With their samples: a reused result is shown as a measured one is (its distribution
        // in the GUI's details), not as a bare summary until the workspace is reopened.
        auto results = m_run.store().results().ofRun(m_run.id(), true);
        if (!results)
            return results.error();
        for (auto &stored : *results)
            m_stored.emplace(std::make_pair(stored.configKey, stored.sizeIndex), std::move(stored));
        if (auto status = m_rounds.loadStored(m_run.store(), m_run.id()); !status)
            return status;
        if (auto status = m_run.store().runs().setState(m_run.id(), RunState::Running); !status)
            return status;
    }
    m_listener.onRunStarted(m_summary.runId, m_run.resumed());
    return ok();
}

Status Session::planSizes()
{
    const auto strategy = m_options.strategy.value_or(m_spec.strategy.name);
    SearchBudget budget;
    budget.maxConfigs = m_options.maxConfigs.value_or(m_spec.strategy.maxConfigs);
    budget.maxSeconds = m_options.maxSeconds.value_or(m_spec.strategy.maxSeconds);
    budget.stopAfterNoImprovement = m_spec.strategy.stopAfterNoImprovement;
    auto planned = m_plans.plan(
        m_spec, strategy, budget,
        [this](std::size_t sizeIndex, double fraction) {
            m_listener.onPlanning(sizeIndex, fraction);
        },
        [this](const SpaceSummary &summary) {
            m_rounds.addEstimate(summary.planned);
            m_listener.onSpaceSized(summary);
        });
    if (!planned)
        return planned;
    return strategy == kAutoStrategy ? recordResolvedStrategy() : ok();
}

// "auto" names no search: the run records what each size got, so `show` and the exports can
// say which strategy found the best.
Status Session::recordResolvedStrategy()
{
    const std::vector<std::string> names = m_plans.strategyNames();
    if (names.empty())
        return ok();
    std::string recorded;
    for (const auto &name : names)
        recorded += (recorded.empty() ? "" : "/") + name;
    m_listener.onLog("strategy auto: " + recorded +
                     (names.size() > 1 ? " (by problem size: brute force where the budget covers "
                                         "the space)"
                                       : ""));
    return m_run.store().runs().setStrategy(m_summary.runId, recorded);
}

// The search's configurations while there is time; then the current round's finalists.
Status Session::issueWork()
{
    if (m_rounds.going())
        return m_rounds.issueJobs();
    return m_pacing.outOfTime() ? ok() : issueJobs();
}

Status Session::issueJobs()
{
    for (auto &plan : m_plans) {
        while (!plan->exhausted()) {
            if (m_pipeline.started() && !m_pipeline.pipeline().canAccept())
                return ok();
            // A pause asked for mid-batch holds back the rest at once.
            if (m_pacing.pauseRequested())
                return ok();
            auto config = plan->next();
            if (!config)
                break;
            const auto key = config->key(m_spec.parameters);
            auto stored = m_stored.find({key, plan->sizeIndex()});
            if (stored != m_stored.end()) {
                if (auto status =
                        record(*plan, *config, key, stored->second.result, stored->second.id);
                    !status)
                    return status;
                continue;
            }
            if (auto status = ensurePipeline(); !status)
                return status;
            const std::uint64_t token = m_nextToken++;
            m_pipeline.pipeline().submit(token, *config, plan->sizeIndex());
            m_inFlight.emplace(token, InFlight{plan.get(), *config, key, std::nullopt});
            m_listener.onConfigStarted(plan->sizeIndex(), key);
        }
    }
    return ok();
}

// Configurations of the search (while there is time) or of the current round not yet handed
// out. With nothing in flight they are waiting for a worker, not done: a worker that crashed,
// hung or exited is restarted, and until it says hello again no worker can take them.
bool Session::workRemains() const
{
    if (m_rounds.going())
        return m_rounds.jobsLeft();
    if (m_pacing.outOfTime())
        return false;
    return m_plans.anyLeft();
}

Status Session::waitForWorker()
{
    if (m_pacing.pauseRequested())
        return ok();                              // the next turn pauses
    return m_pipeline.waitForRoom(kPollInterval); // unstarted: the next turn starts it
}

Status Session::ensurePipeline()
{
    return m_pipeline.ensureStarted(m_metrics->slowerIsWorse());
}

Status Session::collect(std::chrono::milliseconds wait)
{
    auto finished = m_pipeline.pipeline().poll(wait);
    m_pipeline.forwardLogs();
    if (!finished)
        return finished.error();
    m_pipeline.reportLanes(false);
    for (auto &item : *finished) {
        auto found = m_inFlight.find(item.token);
        if (found == m_inFlight.end())
            continue; // not ours: cannot happen, but never trust a peer
        InFlight job = std::move(found->second);
        m_inFlight.erase(found);
        if (!job.round && item.result.status == ResultStatus::ReferenceFailed) {
            giveUpSize(*job.plan, item.result.message);
            continue;
        }
        if (!job.round && m_failedSizes.count(job.plan->sizeIndex()))
            continue; // measured against no reference: unmeasured, as the rest of its size
        ++m_measuredDone;
        auto status = job.round ? recordRound(*job.round, std::move(item.result))
                                : record(*job.plan, job.config, job.key, std::move(item.result),
                                         std::nullopt);
        if (!status)
            return status;
    }
    return ok();
}

Status Session::record(SizePlan &plan, const Configuration &config, const std::string &key,
                       Result result, std::optional<std::int64_t> storedId)
{
    const bool reused = storedId.has_value();
    std::int64_t resultId = storedId.value_or(0);
    if (!reused) {
        m_metrics->apply(config, plan.sizeIndex(), result);
        auto saved = m_run.store().results().save(m_summary.runId, m_run.specId(), key, config,
                                                  plan.sizeIndex(), result);
        if (!saved)
            return saved.error();
        resultId = *saved;
        ++m_summary.evaluated;
        if (result.resource(figures::kStoppedEarlyAboveSeconds))
            ++m_summary.stoppedEarly;
    } else {
        ++m_summary.reused;
    }
    const bool isOk = result.status == ResultStatus::Ok;
    isOk ? ++m_summary.ok : ++m_summary.failed;

    ResultEvent event;
    event.sizeIndex = plan.sizeIndex();
    event.configKey = key;
    event.config = config;
    event.objective = isOk ? objectiveValue(m_spec, result) : std::nan("");
    std::optional<double> lowerIsBetter;
    if (isOk && !std::isnan(event.objective))
        lowerIsBetter = m_spec.objective.minimize ? event.objective : -event.objective;
    event.newBest = plan.report(config, lowerIsBetter);
    if (reused && isOk && result.summary.count > 0)
        m_pipeline.noteStoredOkTime(plan.sizeIndex(), result.summary.median);
    if (lowerIsBetter)
        m_rounds.offer(*m_metrics, resultId, plan.sizeIndex(), config, key, result);
    event.reused = reused;
    event.elapsedSeconds = m_pacing.elapsedSeconds();
    event.result = std::move(result);
    m_listener.onResult(event);
    reportProgress();
    return ok();
}

// The size's reference cannot be had: every configuration of the size would fail to verify,
// through no fault of its own. Issue no more of them and say why, once.
void Session::giveUpSize(SizePlan &plan, const std::string &message)
{
    plan.abandon();
    if (!m_failedSizes.insert(plan.sizeIndex()).second)
        return;
    SizeFailure failure{plan.sizeIndex(), problemSizeLabel(m_spec, plan.sizeIndex()), message};
    m_summary.sizeFailures.push_back(failure);
    m_listener.onSizeFailed(failure);
    reportProgress();
}

void Session::reportProgress()
{
    Progress progress;
    progress.done = m_summary.ok + m_summary.failed + m_rounds.doneJobs();
    progress.total = m_plans.planned() + m_rounds.plannedJobs();
    progress.elapsedSeconds = m_pacing.elapsedSeconds();
    progress.inFlight = m_inFlight.size();
    progress.paused = m_pacing.paused();
    if (m_spec.backend == BackendKind::Cuda && !m_options.compileOnly) {
        progress.gpus = m_options.gpus.size();
        progress.gpusBusy =
            m_pipeline.started() ? LaneReporter::busyLanes(m_pipeline.pipeline()) : 0;
    }
    // Only measured configs say how long the rest will take; reused ones cost nothing.
    if (m_measuredDone > 0 && progress.total >= progress.done)
        progress.etaSeconds = progress.elapsedSeconds / static_cast<double>(m_measuredDone) *
                              static_cast<double>(progress.total - progress.done);
    m_listener.onProgress(progress);
}

// Follows the pause flag at the top of each loop turn; the listener hears of every change
// through a progress report, so a GUI can show "paused" once the session has really paused.
void Session::updatePause()
{
    if (m_pacing.followPauseRequest())
        reportProgress();
}

// Paused with nothing in flight: idle, but keep the workers' logs flowing and notice a worker
// that died meanwhile on the next collect.
void Session::waitWhilePaused()
{
    m_pipeline.forwardLogs();
    std::this_thread::sleep_for(kPollInterval);
}

std::optional<LaneReporter::LaneJob> Session::laneJob(std::uint64_t token) const
{
    const auto job = m_inFlight.find(token);
    if (job == m_inFlight.end())
        return std::nullopt;
    if (job->second.round)
        return LaneReporter::LaneJob{
            m_rounds.plan().finalists().at(job->second.round->finalist).sizeIndex, job->second.key,
            job->second.round->round};
    return LaneReporter::LaneJob{job->second.plan->sizeIndex(), job->second.key, 1};
}

Status Session::restartBenchWorkers()
{
    return m_pipeline.restartBenchWorkers();
}

Expected<bool> Session::roomForJob()
{
    if (auto status = ensurePipeline(); !status)
        return status.error();
    return m_pipeline.pipeline().canAccept();
}

void Session::submit(const RoundPlan::Job &job, const RoundPlan::Finalist &finalist)
{
    const std::uint64_t token = m_nextToken++;
    // A size's finalists all on one GPU: their rounds rank them, not the cards' speeds.
    m_pipeline.pipeline().submit(token, finalist.config, finalist.sizeIndex, finalist.sizeIndex);
    m_inFlight.emplace(token, InFlight{nullptr, finalist.config, finalist.configKey, job});
    m_listener.onConfigStarted(finalist.sizeIndex, finalist.configKey);
}

// A finalist's round: recorded with its rounds so far, counted in the run's summary.
Status Session::recordRound(const RoundPlan::Job &job, Result measured)
{
    if (auto status = m_rounds.record(m_run.store(), *m_metrics, job, std::move(measured)); !status)
        return status;
    ++m_summary.roundsMeasured;
    return ok();
}

// Before the run is opened: a refused request, or a stop while queued, writes nothing to the
// workspace.
Status Session::holdAllocation()
{
    if (!m_options.allocation)
        return ok();
    if (auto status = m_allocation.obtain(
            m_options.allocation, m_options.stopRequested, m_options.benchLaunchers,
            [this](const std::string &line) { m_listener.onNotice(line); });
        !status)
        return status;
    m_pacing.start(); // the wait in Slurm's queue is not the run's time, nor its budget's
    return ok();
}

// Once the workers are stopped (their steps end with them), however the run ends.
void Session::releaseAllocation()
{
    m_allocation.release([this](const std::string &line) { m_listener.onNotice(line); });
}

Expected<RunSummary> Session::fail(const EngineError &error)
{
    m_pipeline.stop();
    releaseAllocation();
    m_run.closeFailed();
    m_listener.onFailed(error);
    return error;
}

} // namespace tb
