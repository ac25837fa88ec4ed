// Session's bench lanes: which configuration each bench worker (one per GPU; the CPU's
// measuring workers, one per launched location) measures now, or that its location is being
// restarted or was dropped, told to the listener as it changes. Apart from session.cpp
// to keep both files short.
#include "session.h"

#include "cluster/launcherchoice.h"
#include "pipeline/jobpipeline.h"
#include "space/variables.h"

#include <algorithm>

namespace tb {

// all: tell every lane (the workers were just started); else only those that changed: the
// configuration measured, or the location's worker being restarted or dropped.
void Session::reportLanes(bool all)
{
    if (!m_pipeline)
        return;
    const auto &lanes = m_pipeline->benchLanes();
    if (all || m_lanesTold.size() != lanes.size())
        m_lanesTold.assign(lanes.size(), std::nullopt);
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        BenchLane now = lane(i, lanes[i]);
        if (m_lanesTold[i] == now)
            continue;
        m_lanesTold[i] = now;
        m_listener.onBenchLane(now);
    }
}

BenchLane Session::lane(std::size_t index, std::optional<std::uint64_t> token) const
{
    BenchLane lane;
    lane.lane = index;
    lane.lanes = m_pipeline->benchLanes().size();
    const auto &launched = m_pipeline->launchedGpus();
    const GpuIdentity *gpu = index < m_options.gpus.size() ? &m_options.gpus[index]
                             : index < launched.size()     ? &launched[index]
                                                           : nullptr;
    if (gpu) {
        lane.device = gpu->name.empty() ? "GPU " + gpu->visibleDevice : gpu->name;
        lane.visibleDevice = gpu->visibleDevice;
    } else {
        lane.device = "CPU";
    }
    lane.location = locationName(m_options.benchLaunchers, index);
    lane.dropped = m_pipeline->benchLaneDropped(index);
    lane.restarting = lane.dropped.empty() && m_pipeline->benchLaneRestarting(index);
    const auto job = token ? m_inFlight.find(*token) : m_inFlight.end();
    if (job == m_inFlight.end())
        return lane;
    lane.busy = true;
    lane.sizeIndex = job->second.round
                         ? m_rounds.finalists().at(job->second.round->finalist).sizeIndex
                         : job->second.plan->sizeIndex();
    lane.sizeLabel = problemSizeLabel(m_spec, lane.sizeIndex);
    lane.configKey = job->second.key;
    lane.round = job->second.round ? job->second.round->round : 1;
    return lane;
}

// A run whose measuring workers went through srun or ssh was opened as "cuda": its GPUs were
// unknown until the workers' hellos. The first one's model and peaks become the run's (what
// `show`, the roofline and "% of peak" judge it by); each result keeps its own GPU.
Status Session::recordLaunchedDevice()
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
    return m_store->setRunDevice(m_summary.runId, first->name, first->peaks);
}

std::uint64_t Session::busyLanes() const
{
    if (!m_pipeline)
        return 0;
    const auto &lanes = m_pipeline->benchLanes();
    return static_cast<std::uint64_t>(std::count_if(
        lanes.begin(), lanes.end(), [](const auto &token) { return token.has_value(); }));
}

// What the run record names as its device: the GPU model of a CUDA run that measures (a run
// never measures on two models), "cuda" for one that only compiles, "cpu" otherwise.
std::string Session::runDevice() const
{
    if (m_spec.backend == BackendKind::Cpu)
        return "cpu";
    if (!m_options.compileOnly && !m_options.gpus.empty() && !m_options.gpus.front().name.empty())
        return m_options.gpus.front().name;
    return "cuda";
}

} // namespace tb
