#include "launchedlanes.h"

#include "cluster/launcherchoice.h"
#include "runner/supervisor.h"

namespace tb {

LaunchedLanes::LaunchedLanes(const PipelinePool &bench, std::vector<std::string> &notes)
    : m_bench(bench), m_notes(notes)
{}

std::vector<SupervisorToStart> LaunchedLanes::toStart(const std::vector<SupervisorToStart> &created,
                                                      std::vector<std::size_t> &lanes) const
{
    std::vector<SupervisorToStart> toStart;
    lanes.clear();
    for (std::size_t lane = 0; lane < created.size(); ++lane) {
        if (!launched() || !m_dropped.forGood(lane)) {
            toStart.push_back(created[lane]);
            lanes.push_back(lane);
        }
    }
    return toStart;
}

Status LaunchedLanes::dropThoseThatDidNotStart(const std::vector<LaneStart> &starts)
{
    m_dropped.setLaneCount(m_bench.supervisors.size());
    // With the worker's or the launcher's last words ("ssh: connect to host ...: Connection
    // refused"): what the user can act on.
    for (std::size_t lane : m_dropped.dropFailedStarts(starts))
        m_notes.push_back(locationName(m_bench.launchers, lane) + " dropped at its start (" +
                          m_dropped.reason(lane) + "); the run goes on without it");
    return m_dropped.anyLeft(starts); // none left: the start fails with the first error
}

std::vector<SupervisorToStart>
LaunchedLanes::beginBackgroundStart(const std::vector<SupervisorToStart> &created)
{
    m_backgroundStartNoted = false;
    return toStart(created, m_backgroundLanes);
}

void LaunchedLanes::noteBackgroundStart(const BackgroundStart &start)
{
    if (m_backgroundStartNoted)
        return;
    const auto outcomes = start.outcomes();
    if (outcomes.empty())
        return; // still starting
    m_backgroundStartNoted = true;
    if (!launched())
        return;
    std::vector<LaneStart> starts;
    for (std::size_t i = 0; i < outcomes.size() && i < m_backgroundLanes.size(); ++i)
        starts.push_back({m_backgroundLanes[i], outcomes[i]});
    (void)dropThoseThatDidNotStart(starts); // none started: the start's status() says so
}

void LaunchedLanes::keepDropped()
{
    if (!launched())
        return;
    m_dropped.setLaneCount(m_bench.supervisors.size());
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane)
        if (!m_dropped.forGood(lane))
            m_dropped.drop(lane, droppedReason(lane));
}

// A CUDA run whose measuring workers went through srun or ssh knows their GPUs only from their
// hellos. Its compile workers, started after them, build for the first one's architecture
// unless the user chose one; every lane must be able to load those builds, so lanes of
// another architecture end the start with a message that names them.
Status LaunchedLanes::adoptGpus(PipelineSettings &settings)
{
    m_gpus.clear();
    if (!launched() || settings.backend != BackendKind::Cuda)
        return ok();
    for (std::size_t lane = 0; lane < m_bench.supervisors.size(); ++lane) {
        m_gpus.push_back(PipelineLaunch::gpuOfLane(*m_bench.supervisors[lane]));
        if (m_gpus.back().arch.empty() && !m_dropped.forGood(lane))
            return makeError(EngineError::Code::NoDevice,
                             locationName(m_bench.launchers, lane) +
                                 ": its measuring worker named no GPU",
                             "srun: ask for GPUs (the allocation needs --gpus or "
                             "--gres=gpu:N); ssh: the host needs a GPU and its driver");
    }
    if (!settings.compilesHere()) // each worker builds for its own GPU: any mix of architectures
        return ok();
    for (std::size_t lane = 0; lane < m_gpus.size() && settings.arch.empty(); ++lane)
        settings.arch = m_gpus[lane].arch; // the first started lane's
    std::string others;
    for (std::size_t lane = 0; lane < m_gpus.size(); ++lane) {
        const GpuIdentity &gpu = m_gpus[lane];
        if (!m_dropped.forGood(lane) && gpu.arch != settings.arch)
            others += (others.empty() ? "" : ", ") + gpu.name + " (" + gpu.arch + ") on " +
                      locationName(m_bench.launchers, lane);
    }
    if (!others.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "the run compiles for " + settings.arch +
                             ", which these launched GPUs cannot load: " + others,
                         "a run builds for one architecture: ask Slurm for GPUs of one model "
                         "(e.g. --srun-arg=--constraint=FEATURE, or a partition of one model), "
                         "list ssh hosts of one model, or run each model apart");
    return ok();
}

std::string LaunchedLanes::droppedReason(std::size_t lane) const
{
    if (lane >= m_bench.supervisors.size())
        return "";
    if (m_dropped.forGood(lane))
        return m_dropped.reason(lane);
    const auto health = m_bench.supervisors[lane]->health();
    return health ? "" : health.error().message;
}

} // namespace tb
