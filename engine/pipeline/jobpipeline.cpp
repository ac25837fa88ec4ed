#include "jobpipeline.h"

#include "runner/activitysignal.h"
#include "runner/cpuaffinity.h"
#include "runner/supervisor.h"
#include "supervisorgroup.h"

#include <algorithm>
#include <optional>

namespace tb {

namespace {

// A bench result keeps its own figures; the compile stage adds what only it knows.
void mergeCompileFigures(Result &measured, const Result &compiled)
{
    measured.compileSeconds = compiled.compileSeconds;
    measured.cachedBuild = compiled.cachedBuild;
    if (measured.compilerLog.empty())
        measured.compilerLog = compiled.compilerLog;
    for (const auto &[key, value] : compiled.resources)
        measured.resources.emplace(key, value);
}

} // namespace

JobPipeline::JobPipeline(PipelineSettings settings)
    : m_settings(std::move(settings)), m_activity(std::make_shared<ActivitySignal>())
{}

JobPipeline::~JobPipeline()
{
    stop();
}

bool JobPipeline::hasBenchStage() const
{
    return !m_settings.compileOnly;
}

Status JobPipeline::start()
{
    if (m_settings.backend == BackendKind::Cpu) {
        defineCpuPools();
        return compilesHere() ? startPools({&m_first, &m_bench}) : startPools({&m_bench});
    }
    definePool(m_first, "cuda-compile", m_settings.compileWorkers, {});
    if (!hasBenchStage())
        return startPools({&m_first});
    if (m_settings.gpus.empty() && m_settings.benchLaunchers.empty())
        return makeError(EngineError::Code::NoDevice, "no GPU to measure on",
                         "set CUDA_VISIBLE_DEVICES, or use --compile-only");
    definePool(m_bench, "cuda", 1, m_settings.gpus);
    m_bench.launchers = m_settings.benchLaunchers;
    // The bench workers first, the compile workers once those are ready. Side by side, the
    // 16-32 NVRTC processes starting up slowed the bench workers' start 3-6 fold (mostly the
    // CUDA driver's initialisation), so the first result came later than one after the other:
    // on 4 H100s 5.9 s against 3.9 s (bench/results/multigpu.md, "Worker start").
    if (auto status = startPools({&m_bench}); !status)
        return status;
    if (auto status = adoptLaunchedGpus(); !status)
        return status;
    return compilesHere() ? startPools({&m_first}) : ok();
}

bool JobPipeline::compilesHere() const
{
    return !m_settings.compileWhereMeasured || !hasBenchStage() ||
           m_settings.benchLaunchers.empty();
}

// A new round's bench workers (a CUDA context, CUPTI, internal kernels: a second or more)
// start while the compile workers, already running, go on. A failed start is reported by the
// next poll().
void JobPipeline::startBenchInBackground()
{
    m_backgroundStartNoted = false;
    m_benchStart.begin(lanesToStart(createSupervisors(m_bench), m_backgroundLanes), m_activity,
                       m_bench.launchers.empty() ? StartRule::Every : StartRule::AnyOne);
}

Status JobPipeline::restartBenchWorkers()
{
    m_benchStart.finish();
    keepDroppedLanes();
    std::vector<Supervisor *> old;
    for (auto &supervisor : m_bench.supervisors)
        old.push_back(supervisor.get());
    stopTogether(old);
    m_bench.supervisors.clear();
    m_lastSizeOnGpu.clear();
    if (m_settings.backend == BackendKind::Cpu)
        return startPools({&m_bench});
    startBenchInBackground();
    if (m_backgroundLanes.empty()) // every launched location is gone
        return makeError(EngineError::Code::WorkerError, m_droppedLanes.front());
    return ok();
}

// Kernels are built in parallel and measured one at a time: CPU kernels timed side by side
// share memory bandwidth and caches and slow each other down. Where the process may use two
// CPUs or more, the measuring worker has one of them to itself and the builders the others.
void JobPipeline::defineCpuPools()
{
    const std::vector<int> cpus = allowedCpus();
    std::vector<std::string> compileArguments;
    std::vector<std::string> measureArguments;
    // Launched measuring workers run elsewhere: this machine's CPU numbers mean nothing there.
    if (cpus.size() >= 2 && m_settings.benchLaunchers.empty()) {
        compileArguments = {"--avoid-cpu", std::to_string(cpus.back())};
        measureArguments = {"--pin-cpu", std::to_string(cpus.back())};
    }
    definePool(m_first, "cpu-compile", m_settings.compileWorkers, {}, compileArguments);
    definePool(m_bench, "cpu", 1, {}, measureArguments);
    m_bench.launchers = m_settings.benchLaunchers;
}

void JobPipeline::definePool(Pool &pool, const std::string &role, int workers,
                             const std::vector<GpuIdentity> &gpus,
                             const std::vector<std::string> &extraArguments)
{
    pool.name = role;
    pool.workers = std::max(1, workers);
    pool.gpus = gpus;
    pool.extraArguments = extraArguments;
}

// Without GPUs one supervisor runs every worker of the pool; with GPUs one per GPU, each
// worker seeing only its own device. Returns them, not yet started.
std::vector<SupervisorToStart> JobPipeline::createSupervisors(Pool &pool)
{
    const std::size_t supervisors =
        std::max<std::size_t>({1, pool.gpus.size(), pool.launchers.size()});
    for (std::size_t i = 0; i < supervisors; ++i) {
        SupervisorOptions options;
        options.launch.command = m_settings.workerCommand;
        options.launch.command.insert(
            options.launch.command.end(),
            {"--role", pool.name, "--cache-dir", m_settings.cacheDirectory});
        if (pool.name == "cuda-compile" && !m_settings.arch.empty())
            options.launch.command.insert(options.launch.command.end(),
                                          {"--arch", m_settings.arch});
        options.launch.command.insert(options.launch.command.end(), pool.extraArguments.begin(),
                                      pool.extraArguments.end());
        if (!pool.gpus.empty())
            options.launch.environment.emplace_back("CUDA_VISIBLE_DEVICES",
                                                    pool.gpus[i].visibleDevice);
        options.workerCount = pool.workers;
        options.specDocument = m_settings.specDocument;
        options.baseDirectory = m_settings.baseDirectory;
        options.cacheDirectory = m_settings.cacheDirectory;
        options.expectedRole = pool.name;
        options.activity = m_activity;
        if (!m_settings.referenceName.empty())
            options.referenceName = m_settings.referenceName;
        launchAt(pool, i, options);
        pool.supervisors.push_back(std::make_unique<Supervisor>(std::move(options)));
    }
    if (&pool == &m_bench)
        m_onBench.assign(pool.supervisors.size(), std::nullopt);
    std::vector<SupervisorToStart> created;
    for (auto &supervisor : pool.supervisors)
        created.push_back({supervisor.get(), pool.name});
    return created;
}

// Launched bench lanes may fail to start one by one (dropLanesThatDidNotStart()); any other
// supervisor's failure fails the start.
Status JobPipeline::startPools(const std::vector<Pool *> &pools)
{
    std::vector<SupervisorToStart> toStart;
    std::size_t firstLane = 0;
    std::vector<std::size_t> lanes;
    for (Pool *pool : pools) {
        const auto created = createSupervisors(*pool);
        if (pool == &m_bench && !m_bench.launchers.empty()) {
            firstLane = toStart.size();
            const auto started = lanesToStart(created, lanes);
            toStart.insert(toStart.end(), started.begin(), started.end());
        } else {
            toStart.insert(toStart.end(), created.begin(), created.end());
        }
    }
    const auto outcomes = startEach(toStart);
    std::vector<LaneStart> starts;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        if (i >= firstLane && i - firstLane < lanes.size())
            starts.push_back({lanes[i - firstLane], outcomes[i]});
        else if (outcomes[i])
            return *outcomes[i];
    }
    const bool launched = std::find(pools.begin(), pools.end(), &m_bench) != pools.end() &&
                          !m_bench.launchers.empty();
    return launched ? dropLanesThatDidNotStart(starts) : ok();
}

std::size_t JobPipeline::idle(const Pool &pool)
{
    std::size_t count = 0;
    for (const auto &supervisor : pool.supervisors)
        count += supervisor->idleWorkers();
    return count;
}

bool JobPipeline::canAccept() const
{
    if (!compilesHere()) // queued for the measuring workers, who build them: a few each
        return m_waiting.size() < 2 * m_bench.supervisors.size();
    if (idle(m_first) == 0)
        return false;
    if (!hasBenchStage())
        return true;
    // Compile ahead of the GPUs by a few configurations per bench worker, no further: what is
    // compiled but not measured is lost work if the run stops.
    const std::size_t compiling = m_tokens.size() - m_compiled.size() - m_waiting.size();
    const std::size_t ahead = m_waiting.size() + compiling;
    const auto limit = 2 * m_bench.supervisors.size() +
                       static_cast<std::size_t>(std::max(1, m_settings.compileWorkers));
    return ahead < limit;
}

void JobPipeline::submit(std::uint64_t token, const Configuration &config, std::size_t sizeIndex,
                         std::optional<std::size_t> onLane)
{
    m_tokens.insert(token);
    if (onLane && !m_bench.supervisors.empty())
        m_pinned[token] = *onLane % m_bench.supervisors.size();
    if (!compilesHere()) { // straight to the measuring workers, nothing compiled yet
        m_waiting.push_back({token, config, sizeIndex, Result{}});
        return;
    }
    submitTo(m_first, token, config, sizeIndex);
}

Status JobPipeline::waitForRoom(std::chrono::milliseconds wait)
{
    if (canAccept())
        return ok();
    const std::uint64_t seen = m_activity->generation();
    noteBackgroundStart();
    if (auto status = m_benchStart.status(); !status)
        return status;
    if (auto status = usable(m_first); !status)
        return status;
    if (!canAccept())
        m_activity->waitForChange(seen, wait);
    return ok();
}

bool JobPipeline::submitTo(Pool &pool, std::uint64_t token, const Configuration &config,
                           std::size_t sizeIndex)
{
    for (auto &supervisor : pool.supervisors)
        if (submitToSupervisor(*supervisor, token, config, sizeIndex))
            return true;
    return false;
}

bool JobPipeline::submitToSupervisor(Supervisor &supervisor, std::uint64_t token,
                                     const Configuration &config, std::size_t sizeIndex,
                                     double stopAboveSeconds)
{
    if (supervisor.idleWorkers() == 0)
        return false;
    JobRequest job{m_nextJobId++, config, sizeIndex, m_settings.timeoutSeconds, stopAboveSeconds};
    if (!supervisor.submit(job))
        return false;
    m_jobToToken[job.id] = token;
    m_submittedAt[job.id] = std::chrono::steady_clock::now();
    return true;
}

// A bench worker keeps the argument buffers of the problem size it measured last; another
// size rebuilds them (host fill, upload: ~0.3 s for the SGEMM example's 4096^2 matrices). So
// each GPU takes the oldest waiting configuration of its current size first.
std::deque<JobPipeline::Waiting>::iterator JobPipeline::nextFor(std::size_t gpu)
{
    const auto mayTake = [this, gpu](const Waiting &waiting) {
        const auto pinned = m_pinned.find(waiting.token);
        return (pinned == m_pinned.end() || pinnedLane(pinned->second) == gpu) &&
               !avoids(waiting.token, gpu);
    };
    if (m_lastSizeOnGpu[gpu])
        for (auto it = m_waiting.begin(); it != m_waiting.end(); ++it)
            if (it->sizeIndex == *m_lastSizeOnGpu[gpu] && mayTake(*it))
                return it;
    return std::find_if(m_waiting.begin(), m_waiting.end(), mayTake);
}

void JobPipeline::feedBenchWorkers()
{
    m_lastSizeOnGpu.resize(m_bench.supervisors.size());
    for (std::size_t gpu = 0; gpu < m_bench.supervisors.size(); ++gpu) {
        Supervisor &supervisor = *m_bench.supervisors[gpu];
        while (!m_waiting.empty() && supervisor.idleWorkers() > 0) {
            const auto chosen = nextFor(gpu);
            if (chosen == m_waiting.end())
                break;
            Waiting next = std::move(*chosen);
            m_waiting.erase(chosen);
            m_compiled[next.token] = std::move(next.compiled);
            m_lastSizeOnGpu[gpu] = next.sizeIndex;
            if (submitToSupervisor(supervisor, next.token, next.config, next.sizeIndex,
                                   hopelessAbove(next.token, next.sizeIndex)))
                m_onBench[gpu] = next.token;
        }
    }
}

void JobPipeline::noteOkTime(std::size_t sizeIndex, double seconds)
{
    if (!(seconds > 0))
        return;
    const auto [fastest, added] = m_fastestOk.emplace(sizeIndex, seconds);
    if (!added)
        fastest->second = std::min(fastest->second, seconds);
}

// Taken when the configuration goes to its measuring worker, so it compares with the best known
// then. A finalist's round (a pinned token) is never cut short: the rounds rank the best.
double JobPipeline::hopelessAbove(std::uint64_t token, std::size_t sizeIndex) const
{
    if (m_settings.earlyExitFactor <= 0 || m_pinned.count(token))
        return 0;
    const auto fastest = m_fastestOk.find(sizeIndex);
    return fastest == m_fastestOk.end() ? 0 : m_settings.earlyExitFactor * fastest->second;
}

// Every supervisor raises the one activity signal, so whichever pool finishes first wakes the
// pipeline: a GPU that is done is fed at once, whatever the other GPUs or the compilers do.
Expected<std::vector<JobPipeline::Finished>> JobPipeline::poll(std::chrono::milliseconds wait)
{
    feedBenchWorkers();
    std::vector<Finished> finished;
    const std::uint64_t seen = m_activity->generation();
    collectFrom(m_first, finished);
    collectFrom(m_bench, finished);
    if (finished.empty() && !m_tokens.empty() && m_activity->waitForChange(seen, wait)) {
        collectFrom(m_first, finished);
        collectFrom(m_bench, finished);
    }
    noteBackgroundStart();
    feedBenchWorkers();
    if (auto status = m_benchStart.status(); !status)
        return status.error();
    if (auto status = checkAlive(m_first); !status)
        return status.error();
    if (auto status = checkAlive(m_bench); !status)
        return status.error();
    return finished;
}

void JobPipeline::collectFrom(Pool &pool, std::vector<Finished> &finished)
{
    for (std::size_t i = 0; i < pool.supervisors.size(); ++i)
        for (auto &outcome : pool.supervisors[i]->poll(std::chrono::milliseconds(0)))
            finish(pool, i, std::move(outcome), finished);
}

// A compiled configuration goes on to wait for a GPU; anything else is final. A bench
// result says which device measured it, and every final result the host that produced it.
void JobPipeline::finish(Pool &pool, std::size_t supervisor, JobOutcome outcome,
                         std::vector<Finished> &finished)
{
    const std::uint64_t token = m_jobToToken[outcome.id];
    m_jobToToken.erase(outcome.id);
    const std::chrono::duration<double> onStage =
        std::chrono::steady_clock::now() - m_submittedAt[outcome.id];
    m_submittedAt.erase(outcome.id);
    const bool bench = &pool == &m_bench;
    if (bench && outcome.lost && requeueLost(supervisor, token, outcome))
        return;
    outcome.result.resources[bench ? "bench_seconds" : "stage_seconds"] = onStage.count();
    if (!bench && hasBenchStage() && outcome.result.status == ResultStatus::Ok) {
        m_waiting.push_back({token, outcome.config, outcome.sizeIndex, std::move(outcome.result)});
        return;
    }
    if (bench) {
        if (outcome.result.status == ResultStatus::Ok && outcome.result.summary.count > 0)
            noteOkTime(outcome.sizeIndex, outcome.result.summary.median); // before the next feed
        if (m_onBench[supervisor] == token)
            m_onBench[supervisor].reset();
        // The GPU the measuring worker named in its hello: a launched lane's may change when
        // its worker is started again (another node of the allocation).
        if (!outcome.gpu.name.empty() || !outcome.gpu.uuid.empty()) {
            outcome.result.device = outcome.gpu.name;
            outcome.result.deviceUuid = outcome.gpu.uuid;
        } else if (supervisor < m_settings.gpus.size()) {
            outcome.result.device = m_settings.gpus[supervisor].name;
            outcome.result.deviceUuid = m_settings.gpus[supervisor].uuid;
        } else {
            outcome.result.device = outcome.device; // a CPU worker's "cpu: MODEL"
        }
    }
    // The host of the worker that produced it: the measuring one's, or for a result that never
    // reached one (a failed compile), the compiling one's.
    outcome.result.host = outcome.host;
    if (auto compiled = m_compiled.find(token); compiled != m_compiled.end()) {
        if (compilesHere()) // else the measuring worker built it and says so itself
            mergeCompileFigures(outcome.result, compiled->second);
        m_compiled.erase(compiled);
    }
    m_tokens.erase(token);
    m_pinned.erase(token);
    m_lostWorkers.erase(token);
    m_lostOn.erase(token);
    finished.push_back({token, std::move(outcome.result)});
}

Status JobPipeline::checkAlive(const Pool &pool) const
{
    // A slot being restarted (after a crash, a timeout or a broken context) is neither idle nor
    // busy for a moment; one that gave up restarting stays so and reports it through health().
    // Only when every supervisor of a pool has given up would nothing ever answer: then the
    // run fails with the supervisor's reason instead of waiting forever.
    if (m_tokens.empty())
        return ok();
    return usable(pool);
}

Status JobPipeline::usable(const Pool &pool) const
{
    if (pool.supervisors.empty())
        return ok();
    std::optional<EngineError> reason;
    for (std::size_t i = 0; i < pool.supervisors.size(); ++i) {
        const auto &supervisor = pool.supervisors[i];
        if (&pool == &m_bench && laneDroppedForGood(i)) {
            reason = makeError(EngineError::Code::WorkerError, m_droppedLanes[i]);
            continue;
        }
        if (supervisor->liveWorkers() > 0 || supervisor->busyWorkers() > 0)
            return ok();
        auto health = supervisor->health();
        if (health)
            return ok();
        reason = health.error();
    }
    return *reason;
}

std::vector<std::string> JobPipeline::takeLogLines()
{
    std::vector<std::string> lines = std::move(m_notes);
    m_notes.clear();
    for (Pool *pool : {&m_first, &m_bench}) {
        for (auto &supervisor : pool->supervisors) {
            for (auto &line : supervisor->takeLogLines())
                lines.push_back(pool->name + " " + line);
        }
    }
    return lines;
}

void JobPipeline::stop()
{
    m_benchStart.finish(); // a supervisor is stopped only once its start has ended
    std::vector<Supervisor *> all;
    for (Pool *pool : {&m_first, &m_bench})
        for (auto &supervisor : pool->supervisors)
            all.push_back(supervisor.get());
    stopTogether(all);
}

} // namespace tb
