#include "jobpipeline.h"

#include "runner/activitysignal.h"
#include "runner/cpuaffinity.h"
#include "runner/supervisor.h"
#include "supervisorgroup.h"

#include <algorithm>
#include <optional>

namespace tb {

JobPipeline::JobPipeline(PipelineSettings settings)
    : m_settings(std::move(settings)), m_activity(std::make_shared<ActivitySignal>()),
      m_earlyExit(m_settings.earlyExitFactor), m_outcomes(m_settings, m_jobs, m_earlyExit),
      m_launched(m_bench, m_notes)
{}

JobPipeline::~JobPipeline()
{
    stop();
}

Status JobPipeline::start()
{
    if (m_settings.backend == BackendKind::Cpu) {
        defineCpuPools();
        return m_settings.compilesHere() ? startPools({&m_first, &m_bench})
                                         : startPools({&m_bench});
    }
    definePool(m_first, WorkerRole::CudaCompile, m_settings.compileWorkers, {});
    if (!m_settings.hasBenchStage())
        return startPools({&m_first});
    if (m_settings.gpus.empty() && m_settings.benchLaunchers.empty())
        return makeError(EngineError::Code::NoDevice, "no GPU to measure on",
                         "set CUDA_VISIBLE_DEVICES, or use --compile-only");
    definePool(m_bench, WorkerRole::Cuda, 1, m_settings.gpus);
    m_bench.launchers = m_settings.benchLaunchers;
    // The bench workers first, the compile workers once those are ready. Side by side, the
    // 16-32 NVRTC processes starting up slowed the bench workers' start 3-6 fold (mostly the
    // CUDA driver's initialisation), so the first result came later than one after the other:
    // on 4 H100s 5.9 s against 3.9 s (bench/results/multigpu.md, "Worker start").
    if (auto status = startPools({&m_bench}); !status)
        return status;
    if (auto status = m_launched.adoptGpus(m_settings); !status)
        return status;
    return m_settings.compilesHere() ? startPools({&m_first}) : ok();
}

// A new round's bench workers (a CUDA context, CUPTI, internal kernels: a second or more)
// start while the compile workers, already running, go on. A failed start is reported by the
// next poll().
void JobPipeline::startBenchInBackground()
{
    m_benchStart.begin(m_launched.beginBackgroundStart(createSupervisors(m_bench)), m_activity,
                       m_bench.launchers.empty() ? StartRule::Every : StartRule::AnyOne);
}

Status JobPipeline::restartBenchWorkers()
{
    m_benchStart.finish();
    m_launched.keepDropped();
    std::vector<Supervisor *> old;
    for (auto &supervisor : m_bench.supervisors)
        old.push_back(supervisor.get());
    stopTogether(old);
    m_bench.supervisors.clear();
    m_placement.clear();
    if (m_settings.backend == BackendKind::Cpu)
        return startPools({&m_bench});
    startBenchInBackground();
    if (m_launched.nothingToStartInBackground()) // every launched location is gone
        return makeError(EngineError::Code::WorkerError, m_launched.firstReason());
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
    definePool(m_first, WorkerRole::CpuCompile, m_settings.compileWorkers, {}, compileArguments);
    definePool(m_bench, WorkerRole::Cpu, 1, {}, measureArguments);
    m_bench.launchers = m_settings.benchLaunchers;
}

void JobPipeline::definePool(Pool &pool, WorkerRole role, int workers,
                             const std::vector<GpuIdentity> &gpus,
                             const std::vector<std::string> &extraArguments)
{
    pool.role = role;
    pool.workers = std::max(1, workers);
    pool.gpus = gpus;
    pool.extraArguments = extraArguments;
}

// Without GPUs one supervisor runs every worker of the pool; with GPUs one per GPU, each
// worker seeing only its own device. Returns them, not yet started.
std::vector<SupervisorToStart> JobPipeline::createSupervisors(Pool &pool)
{
    const std::size_t supervisors = PipelineLaunch::supervisorCount(pool);
    for (std::size_t i = 0; i < supervisors; ++i) {
        SupervisorOptions options = PipelineLaunch::options(m_settings, pool, i);
        options.activity = m_activity;
        pool.supervisors.push_back(std::make_unique<Supervisor>(std::move(options)));
    }
    std::vector<SupervisorToStart> created;
    for (auto &supervisor : pool.supervisors)
        created.push_back({supervisor.get(), std::string(toString(pool.role))});
    return created;
}

// Launched bench lanes may fail to start one by one (LaunchedLanes); any other
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
            const auto started = m_launched.toStart(created, lanes);
            toStart.insert(toStart.end(), started.begin(), started.end());
        } else {
            toStart.insert(toStart.end(), created.begin(), created.end());
        }
    }
    const auto outcomes = startEach(toStart);
    std::vector<LaunchedLanes::LaneStart> starts;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        if (i >= firstLane && i - firstLane < lanes.size())
            starts.push_back({lanes[i - firstLane], outcomes[i]});
        else if (outcomes[i])
            return *outcomes[i];
    }
    const bool launched = std::find(pools.begin(), pools.end(), &m_bench) != pools.end() &&
                          !m_bench.launchers.empty();
    return launched ? m_launched.dropThoseThatDidNotStart(starts) : ok();
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
    if (!m_settings.compilesHere()) // queued for the measuring workers, who build them: a few each
        return m_jobs.waiting().size() < 2 * m_bench.supervisors.size();
    if (idle(m_first) == 0)
        return false;
    if (!m_settings.hasBenchStage())
        return true;
    // Compile ahead of the GPUs by a few configurations per bench worker, no further: what is
    // compiled but not measured is lost work if the run stops.
    const std::size_t ahead = m_jobs.count(JobStage::Waiting) + m_jobs.count(JobStage::Compiling);
    const auto limit = 2 * m_bench.supervisors.size() +
                       static_cast<std::size_t>(std::max(1, m_settings.compileWorkers));
    return ahead < limit;
}

void JobPipeline::submit(std::uint64_t token, const Configuration &config, std::size_t sizeIndex,
                         std::optional<std::size_t> onLane)
{
    std::optional<std::size_t> pinned;
    if (onLane && !m_bench.supervisors.empty())
        pinned = *onLane % m_bench.supervisors.size();
    PipelineJob &job = m_jobs.add(token, config, sizeIndex, pinned);
    if (!m_settings.compilesHere()) { // straight to the measuring workers, nothing compiled yet
        job.compiled = Result{};
        m_jobs.queue(job);
        return;
    }
    submitTo(m_first, job);
}

Status JobPipeline::waitForRoom(std::chrono::milliseconds wait)
{
    if (canAccept())
        return ok();
    const std::uint64_t seen = m_activity->generation();
    m_launched.noteBackgroundStart(m_benchStart);
    if (auto status = m_benchStart.status(); !status)
        return status;
    if (auto status = usable(m_first); !status)
        return status;
    if (!canAccept())
        m_activity->waitForChange(seen, wait);
    return ok();
}

bool JobPipeline::submitTo(Pool &pool, PipelineJob &job)
{
    for (auto &supervisor : pool.supervisors)
        if (submitToSupervisor(*supervisor, job))
            return true;
    return false;
}

bool JobPipeline::submitToSupervisor(Supervisor &supervisor, PipelineJob &job,
                                     double stopAboveSeconds)
{
    if (supervisor.idleWorkers() == 0)
        return false;
    JobRequest request{m_nextJobId++, job.config, job.sizeIndex, m_settings.timeoutSeconds,
                       stopAboveSeconds};
    if (!supervisor.submit(request))
        return false;
    m_jobs.sentToWorker(job, request.id);
    return true;
}

// What the placement needs of each bench lane, as its supervisor says now.
std::vector<BenchLanePlacement::Lane> JobPipeline::benchLaneStates() const
{
    std::vector<BenchLanePlacement::Lane> lanes;
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane)
        lanes.push_back(
            {!benchLaneDropped(lane).empty(), m_bench.supervisors[lane]->liveWorkers() > 0});
    return lanes;
}

std::vector<BenchLanePlacement::Waiting> JobPipeline::waitingLine() const
{
    std::vector<BenchLanePlacement::Waiting> line;
    for (std::uint64_t token : m_jobs.waiting()) {
        const PipelineJob &job = m_jobs.at(token);
        line.push_back({job.sizeIndex, job.pinnedLane, job.lostOnLane});
    }
    return line;
}

// Whether a compile worker builds the reference configuration now. A measuring worker runs
// the reference of a size before its first configuration, from the build cache: given a
// configuration first, it would build the reference again itself. A cold Triton matmul's first
// job took 1 s so on the H200 machine (Python started on the measuring side), the reference's
// own compile 0.5 s.
bool JobPipeline::referenceCompiling() const
{
    return m_settings.reference && m_jobs.compiling(*m_settings.reference);
}

void JobPipeline::feedBenchWorkers()
{
    m_placement.setLaneCount(m_bench.supervisors.size());
    if (m_jobs.waiting().empty() || referenceCompiling())
        return;
    const auto lanes = benchLaneStates();
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane) {
        Supervisor &supervisor = *m_bench.supervisors[lane];
        while (!m_jobs.waiting().empty() && supervisor.idleWorkers() > 0) {
            const auto choice = m_placement.next(lane, lanes, waitingLine());
            if (!choice.waiting)
                break;
            PipelineJob &job = m_jobs.startMeasuring(m_jobs.waiting()[*choice.waiting]);
            m_placement.taken(lane, job.sizeIndex);
            if (submitToSupervisor(supervisor, job, m_earlyExit.stopAboveSeconds(job)))
                job.lane = lane;
        }
    }
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
    if (finished.empty() && !m_jobs.empty() && m_activity->waitForChange(seen, wait)) {
        collectFrom(m_first, finished);
        collectFrom(m_bench, finished);
    }
    m_launched.noteBackgroundStart(m_benchStart);
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
    const auto stage =
        &pool == &m_bench ? PipelineOutcomes::Stage::Bench : PipelineOutcomes::Stage::Compile;
    for (std::size_t i = 0; i < pool.supervisors.size(); ++i)
        for (auto &outcome : pool.supervisors[i]->poll(std::chrono::milliseconds(0)))
            if (auto done = m_outcomes.settle(stage, i, std::move(outcome)))
                finished.push_back(std::move(*done));
}

Status JobPipeline::checkAlive(const Pool &pool) const
{
    // A slot being restarted (after a crash, a timeout or a broken context) is neither idle nor
    // busy for a moment; one that gave up restarting stays so and reports it through health().
    // Only when every supervisor of a pool has given up would nothing ever answer: then the
    // run fails with the supervisor's reason instead of waiting forever.
    if (m_jobs.empty())
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
        if (&pool == &m_bench && m_launched.droppedForGood(i)) {
            reason = makeError(EngineError::Code::WorkerError, m_launched.reasonForGood(i));
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
                lines.push_back(std::string(toString(pool->role)) + " " + line);
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

std::string JobPipeline::benchLaneDropped(std::size_t lane) const
{
    return m_launched.droppedReason(lane);
}

bool JobPipeline::benchLaneRestarting(std::size_t lane) const
{
    if (lane >= m_bench.supervisors.size())
        return false;
    const Supervisor &supervisor = *m_bench.supervisors[lane];
    return supervisor.liveWorkers() > 0 && supervisor.idleWorkers() == 0 &&
           supervisor.busyWorkers() == 0;
}

} // namespace tb
