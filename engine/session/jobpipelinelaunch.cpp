// JobPipeline's launched measuring workers (srun tasks, ssh hosts): where each supervisor's
// workers start, and a configuration whose worker was lost to its launcher, queued again for
// whichever worker is free next. Apart from jobpipeline.cpp to keep both files short.
#include "jobpipeline.h"

#include "launcherchoice.h"
#include "runner/supervisor.h"
#include "runner/workerlauncher.h"

namespace tb {

namespace {

// A configuration lost with this many workers is not queued again: something about it (its
// memory, say, and the node's OOM killer) may be what ends them.
constexpr int kLostWorkersPerConfiguration = 2;

} // namespace

void JobPipeline::launchAt(const Pool &pool, std::size_t index, SupervisorOptions &options)
{
    if (index >= pool.launchers.size())
        return;
    const LauncherSettings &launcher = pool.launchers[index];
    options.launch = launchThrough(launcher, options.launch);
    options.locationName = locationName(pool.launchers, index);
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
