// JobPipeline's launched measuring workers (srun tasks, ssh hosts): where each supervisor's
// workers start, the GPUs they found there, and a configuration whose worker was lost to its
// launcher, queued again for whichever worker is free next. Apart from jobpipeline.cpp to keep
// both files short.
#include "jobpipeline.h"

#include "cluster/launcherchoice.h"
#include "runner/supervisor.h"
#include "runner/workerlauncher.h"

namespace tb {

namespace {

// A configuration lost with this many workers is not queued again: something about it (its
// memory, say, and the node's OOM killer) may be what ends them.
constexpr int kLostWorkersPerConfiguration = 2;

// The GPU a lane's workers named in their hellos: the first that named one.
GpuIdentity gpuOfLane(const Supervisor &supervisor)
{
    for (const GpuIdentity &gpu : supervisor.workerGpus())
        if (!gpu.arch.empty())
            return gpu;
    return {};
}

// An ssh host listed n times gets n measuring workers, on its GPUs 0, 1, ...; an srun task's
// GPU is Slurm's (--gpus-per-task=1 sets its CUDA_VISIBLE_DEVICES).
std::string sshGpuOf(const std::vector<LauncherSettings> &launchers, std::size_t index)
{
    int earlier = 0;
    for (std::size_t i = 0; i < index; ++i)
        earlier += launchers[i].host == launchers[index].host ? 1 : 0;
    return std::to_string(earlier);
}

} // namespace

void JobPipeline::launchAt(const Pool &pool, std::size_t index, SupervisorOptions &options)
{
    if (index >= pool.launchers.size())
        return;
    const LauncherSettings &launcher = pool.launchers[index];
    if (pool.name == "cuda" && launcher.kind == LauncherKind::Ssh)
        options.launch.environment.emplace_back("CUDA_VISIBLE_DEVICES",
                                                sshGpuOf(pool.launchers, index));
    options.launch = launchThrough(launcher, options.launch);
    options.locationName = locationName(pool.launchers, index);
}

Status JobPipeline::dropLanesThatDidNotStart(const std::vector<LaneStart> &starts)
{
    m_droppedLanes.resize(m_bench.supervisors.size());
    for (const auto &[lane, error] : starts) {
        if (!error || lane >= m_droppedLanes.size())
            continue;
        // With the worker's or the launcher's last words ("ssh: connect to host ...: Connection
        // refused"): what the user can act on.
        const std::string detail = error->detail.substr(error->detail.rfind('\n') + 1);
        m_droppedLanes[lane] = error->message + (detail.empty() ? "" : ": " + detail);
        m_notes.push_back(locationName(m_bench.launchers, lane) + " dropped at its start (" +
                          m_droppedLanes[lane] + "); the run goes on without it");
    }
    for (std::size_t lane = 0; lane < m_droppedLanes.size(); ++lane)
        if (!laneDroppedForGood(lane))
            return ok();
    for (const auto &[lane, error] : starts) // none is left: the start fails with the first
        if (error)
            return *error;
    return makeError(EngineError::Code::WorkerError, "every measuring location was dropped",
                     m_droppedLanes.empty() ? "" : m_droppedLanes.front());
}

// A round's bench workers start in the background (startBenchInBackground()): once that start
// ended, its launched lanes that did not start are dropped as at the run's start.
void JobPipeline::noteBackgroundStart()
{
    if (m_backgroundStartNoted)
        return;
    const auto outcomes = m_benchStart.outcomes();
    if (outcomes.empty())
        return; // still starting
    m_backgroundStartNoted = true;
    if (m_bench.launchers.empty())
        return;
    std::vector<LaneStart> starts;
    for (std::size_t i = 0; i < outcomes.size() && i < m_backgroundLanes.size(); ++i)
        starts.push_back({m_backgroundLanes[i], outcomes[i]});
    (void)dropLanesThatDidNotStart(starts); // none started: status() says so
}

bool JobPipeline::laneDroppedForGood(std::size_t lane) const
{
    return lane < m_droppedLanes.size() && !m_droppedLanes[lane].empty();
}

// Before a round's restart replaces the supervisors: a location its supervisor gave up on
// (health()) stays dropped, with that reason.
void JobPipeline::keepDroppedLanes()
{
    if (m_bench.launchers.empty())
        return;
    m_droppedLanes.resize(m_bench.supervisors.size());
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane)
        if (m_droppedLanes[lane].empty())
            m_droppedLanes[lane] = benchLaneDropped(lane);
}

// The created bench supervisors to start, less the launched locations dropped for good;
// `lanes` gets the lane of each one returned.
std::vector<SupervisorToStart>
JobPipeline::lanesToStart(const std::vector<SupervisorToStart> &created,
                          std::vector<std::size_t> &lanes) const
{
    std::vector<SupervisorToStart> toStart;
    lanes.clear();
    for (std::size_t lane = 0; lane < created.size(); ++lane) {
        if (m_bench.launchers.empty() || !laneDroppedForGood(lane)) {
            toStart.push_back(created[lane]);
            lanes.push_back(lane);
        }
    }
    return toStart;
}

// A finalist pinned to a lane that is gone (its location dropped, or its worker not started
// for this round) goes to the first lane still there: waiting for the gone one would hang the
// run, and one lane for all of them keeps a size's finalists on one GPU.
std::size_t JobPipeline::pinnedLane(std::size_t lane) const
{
    if (benchLaneDropped(lane).empty())
        return lane;
    for (std::size_t other = 0; other < m_bench.supervisors.size(); ++other)
        if (benchLaneDropped(other).empty())
            return other;
    return lane;
}

// A CUDA run whose measuring workers went through srun or ssh knows their GPUs only from their
// hellos. Its compile workers, started after them, build for the first one's architecture
// unless the user chose one; every lane must be able to load those builds, so lanes of
// another architecture end the start with a message that names them.
Status JobPipeline::adoptLaunchedGpus()
{
    m_launchedGpus.clear();
    if (m_bench.launchers.empty() || m_settings.backend != BackendKind::Cuda)
        return ok();
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane) {
        m_launchedGpus.push_back(gpuOfLane(*m_bench.supervisors[lane]));
        if (m_launchedGpus.back().arch.empty() && !laneDroppedForGood(lane))
            return makeError(EngineError::Code::NoDevice,
                             locationName(m_bench.launchers, lane) +
                                 ": its measuring worker named no GPU",
                             "srun: ask for GPUs (the allocation needs --gpus or "
                             "--gres=gpu:N); ssh: the host needs a GPU and its driver");
    }
    if (!compilesHere()) // each worker builds for its own GPU: any mix of architectures
        return ok();
    for (std::size_t lane = 0; lane < m_launchedGpus.size() && m_settings.arch.empty(); ++lane)
        m_settings.arch = m_launchedGpus[lane].arch; // the first started lane's
    std::string others;
    for (std::size_t lane = 0; lane < m_launchedGpus.size(); ++lane) {
        const GpuIdentity &gpu = m_launchedGpus[lane];
        if (!laneDroppedForGood(lane) && gpu.arch != m_settings.arch)
            others += (others.empty() ? "" : ", ") + gpu.name + " (" + gpu.arch + ") on " +
                      locationName(m_bench.launchers, lane);
    }
    if (!others.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "the run compiles for " + m_settings.arch +
                             ", which these launched GPUs cannot load: " + others,
                         "a run builds for one architecture: ask Slurm for GPUs of one model "
                         "(e.g. --srun-arg=--constraint=FEATURE, or a partition of one model), "
                         "list ssh hosts of one model, or run each model apart");
    return ok();
}

// The lost configuration waits again for a measuring worker, first in line (on another lane
// while there is one: avoids()), with its compile result; a pinned one (a finalists' round) may go
// to any lane now, since its own may be gone.
bool JobPipeline::requeueLost(std::size_t supervisor, std::uint64_t token, JobOutcome &outcome)
{
    if (m_onBench[supervisor] == token)
        m_onBench[supervisor].reset();
    if (++m_lostWorkers[token] >= kLostWorkersPerConfiguration) {
        outcome.result.message += " (" + std::to_string(m_lostWorkers[token]) +
                                  " workers lost while measuring it; not run again)";
        return false;
    }
    const auto compiled = m_compiled.find(token);
    if (compiled == m_compiled.end())
        return false;
    m_waiting.push_front({token, outcome.config, outcome.sizeIndex, std::move(compiled->second)});
    m_compiled.erase(compiled);
    m_pinned.erase(token);
    m_lostOn[token] = supervisor;
    return true;
}

// A lost configuration goes to another lane while one is alive: the lane that lost it may be
// losing every worker (a failing node), and a second loss would count against the
// configuration. With no other lane alive it takes what there is.
bool JobPipeline::avoids(std::uint64_t token, std::size_t lane) const
{
    const auto lost = m_lostOn.find(token);
    if (lost == m_lostOn.end() || lost->second != lane)
        return false;
    for (std::size_t other = 0; other < m_bench.supervisors.size(); ++other)
        if (other != lane && m_bench.supervisors[other]->liveWorkers() > 0)
            return true;
    return false;
}

std::string JobPipeline::benchLaneDropped(std::size_t lane) const
{
    if (lane >= m_bench.supervisors.size())
        return "";
    if (laneDroppedForGood(lane))
        return m_droppedLanes[lane];
    const auto health = m_bench.supervisors[lane]->health();
    return health ? "" : health.error().message;
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
