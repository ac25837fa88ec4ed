#include "session.h"

#include "export/exporter.h"
#include "runner/supervisor.h"

#include <cmath>

namespace tb {

namespace {
constexpr auto kPollInterval = std::chrono::milliseconds(100);

std::string defaultCacheDirectory(const std::string &workspacePath)
{
    return workspacePath + ".cache";
}
} // namespace

Session::Session(const Spec &spec, SessionOptions options, SessionListener &listener)
    : m_spec(spec), m_options(std::move(options)), m_listener(listener)
{
    if (m_options.cacheDirectory.empty())
        m_options.cacheDirectory = defaultCacheDirectory(m_options.workspacePath);
}

Session::~Session() = default;

Expected<RunSummary> Session::run()
{
    m_started = std::chrono::steady_clock::now();
    auto metrics = MetricEvaluator::create(m_spec);
    if (!metrics)
        return fail(metrics.error());
    m_metrics.emplace(std::move(metrics.value()));
    if (auto status = openRun(); !status)
        return fail(status.error());
    if (auto status = planSizes(); !status)
        return fail(status.error());
    reportProgress();

    while (!stopRequested()) {
        if (!outOfTime()) {
            if (auto status = issueJobs(); !status)
                return fail(status.error());
        }
        if (m_inFlight.empty())
            break;
        if (auto status = collect(kPollInterval); !status)
            return fail(status.error());
    }
    m_summary.stopped = stopRequested() || outOfTime();
    if (m_supervisor) {
        forwardLogs();
        m_supervisor->stop();
    }
    m_summary.seconds = elapsedSeconds();
    const bool complete = m_summary.ok + m_summary.failed >= m_planned;
    if (auto status = m_store->setRunState(m_summary.runId, complete ? "finished" : "stopped");
        !status)
        return fail(status.error());
    m_summary.stopped = !complete;
    m_listener.onFinished(m_summary);
    return m_summary;
}

Status Session::openRun()
{
    auto store = Store::open(m_options.workspacePath);
    if (!store)
        return store.error();
    m_store.emplace(std::move(store.value()));
    auto specId = m_store->saveSpec(m_spec);
    if (!specId)
        return specId.error();
    m_specId = *specId;

    std::optional<RunRecord> latest;
    if (!m_options.fresh) {
        auto found = m_store->latestRun(m_specId);
        if (!found)
            return found.error();
        latest = *found;
    }
    if (latest) {
        m_summary.runId = latest->id;
        auto results = m_store->results(latest->id);
        if (!results)
            return results.error();
        for (auto &stored : *results)
            m_stored.emplace(std::make_pair(stored.configKey, stored.sizeIndex),
                             std::move(stored.result));
        if (auto status = m_store->setRunState(latest->id, "running"); !status)
            return status;
    } else {
        RunRecord record;
        record.specId = m_specId;
        record.strategy = m_options.strategy.value_or(m_spec.strategy.name);
        record.toolVersion = m_options.toolVersion;
        record.host = currentHost(m_options.toolVersion, "").hostname;
        record.device = "cpu";
        auto runId = m_store->createRun(record);
        if (!runId)
            return runId.error();
        m_summary.runId = *runId;
    }
    m_listener.onRunStarted(m_summary.runId, latest.has_value());
    return ok();
}

Status Session::planSizes()
{
    const auto strategy = m_options.strategy.value_or(m_spec.strategy.name);
    const auto maxConfigs = m_options.maxConfigs.value_or(m_spec.strategy.maxConfigs);
    for (std::size_t i = 0; i < m_spec.sizes.values.size(); ++i) {
        auto plan = SizePlan::create(m_spec, i, strategy, maxConfigs);
        if (!plan)
            return plan.error();
        SpaceSummary summary;
        summary.sizeIndex = i;
        for (std::size_t n = 0; n < m_spec.sizes.names.size(); ++n)
            summary.sizeLabel += (n ? "," : "") + m_spec.sizes.names[n] + "=" +
                                 formatValue(m_spec.sizes.values[i][n]);
        summary.total = (*plan)->space().totalCount();
        summary.valid = (*plan)->space().validCount();
        summary.rejected = (*plan)->space().rejectedCount();
        summary.planned = (*plan)->planned();
        m_planned += summary.planned;
        m_listener.onSpaceSized(summary);
        m_plans.push_back(std::move(plan.value()));
    }
    return ok();
}

Status Session::startWorkers()
{
    SupervisorOptions options;
    options.launch.command = m_options.workerCommand;
    options.launch.command.push_back("--cache-dir");
    options.launch.command.push_back(m_options.cacheDirectory);
    options.workerCount = std::max(1, m_options.workers);
    options.specDocument = m_spec.document;
    options.baseDirectory = m_spec.baseDirectory;
    options.cacheDirectory = m_options.cacheDirectory;
    m_supervisor = std::make_unique<Supervisor>(std::move(options));
    auto status = m_supervisor->start();
    forwardLogs();
    return status;
}

Status Session::issueJobs()
{
    for (auto &plan : m_plans) {
        while (!plan->exhausted()) {
            if (m_supervisor && m_supervisor->idleWorkers() == 0)
                return ok();
            auto config = plan->next();
            if (!config)
                break;
            const auto key = config->key(m_spec.parameters);
            auto stored = m_stored.find({key, plan->sizeIndex()});
            if (stored != m_stored.end()) {
                if (auto status = record(*plan, *config, key, stored->second, true); !status)
                    return status;
                continue;
            }
            if (!m_supervisor) {
                if (auto status = startWorkers(); !status)
                    return status;
            }
            JobRequest job{m_nextJobId++, *config, plan->sizeIndex(),
                           m_spec.measurement.timeoutSeconds};
            m_supervisor->submit(job);
            m_inFlight.emplace(job.id, InFlight{plan.get(), *config, key});
            m_listener.onConfigStarted(plan->sizeIndex(), key);
        }
    }
    return ok();
}

Status Session::collect(std::chrono::milliseconds wait)
{
    // Slots that gave up restarting count as neither idle nor busy: with none left, nothing
    // would ever answer, so the run fails with the supervisor's reason instead of waiting.
    if (m_supervisor->idleWorkers() == 0 && m_supervisor->busyWorkers() == 0) {
        if (auto health = m_supervisor->health(); !health)
            return health;
        return makeError(EngineError::Code::WorkerError, "no worker is left to run the jobs");
    }
    auto outcomes = m_supervisor->poll(wait);
    forwardLogs();
    for (auto &outcome : outcomes) {
        auto found = m_inFlight.find(outcome.id);
        if (found == m_inFlight.end())
            continue; // not ours: cannot happen, but never trust a peer
        InFlight job = std::move(found->second);
        m_inFlight.erase(found);
        ++m_measuredDone;
        if (auto status = record(*job.plan, job.config, job.key, std::move(outcome.result), false);
            !status)
            return status;
    }
    return ok();
}

Status Session::record(SizePlan &plan, const Configuration &config, const std::string &key,
                       Result result, bool reused)
{
    if (!reused) {
        m_metrics->apply(config, plan.sizeIndex(), result);
        auto saved =
            m_store->saveResult(m_summary.runId, m_specId, key, config, plan.sizeIndex(), result);
        if (!saved)
            return saved.error();
        ++m_summary.evaluated;
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
    event.reused = reused;
    event.result = std::move(result);
    m_listener.onResult(event);
    reportProgress();
    return ok();
}

void Session::forwardLogs()
{
    if (!m_supervisor)
        return;
    for (const auto &line : m_supervisor->takeLogLines())
        m_listener.onLog(line);
}

void Session::reportProgress()
{
    Progress progress;
    progress.done = m_summary.ok + m_summary.failed;
    progress.total = m_planned;
    progress.elapsedSeconds = elapsedSeconds();
    // Only measured configs say how long the rest will take; reused ones cost nothing.
    if (m_measuredDone > 0 && progress.total >= progress.done)
        progress.etaSeconds = progress.elapsedSeconds / static_cast<double>(m_measuredDone) *
                              static_cast<double>(progress.total - progress.done);
    m_listener.onProgress(progress);
}

bool Session::stopRequested() const
{
    return m_options.stopRequested && m_options.stopRequested->load();
}

bool Session::outOfTime() const
{
    const double limit = m_options.maxSeconds.value_or(m_spec.strategy.maxSeconds);
    return limit > 0 && elapsedSeconds() >= limit;
}

double Session::elapsedSeconds() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
}

Expected<RunSummary> Session::fail(const EngineError &error)
{
    if (m_supervisor)
        m_supervisor->stop();
    if (m_store && m_summary.runId != 0)
        (void)m_store->setRunState(m_summary.runId, "failed");
    m_listener.onFailed(error);
    return error;
}

} // namespace tb
