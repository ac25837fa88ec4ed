#include "lanereporter.h"

#include "cluster/launcherchoice.h"
#include "pipeline/jobpipeline.h"
#include "sessionlistener.h"
#include "space/variables.h"

#include <algorithm>

namespace tb {

LaneReporter::LaneReporter(const Spec &spec, const std::vector<GpuIdentity> &gpus,
                           const std::vector<LauncherSettings> &launchers,
                           SessionListener &listener, JobOf jobOf)
    : m_spec(spec), m_gpus(gpus), m_launchers(launchers), m_listener(listener),
      m_jobOf(std::move(jobOf))
{}

void LaneReporter::report(const JobPipeline &pipeline, bool all)
{
    const auto lanes = pipeline.benchLanes();
    if (all || m_told.size() != lanes.size())
        m_told.assign(lanes.size(), std::nullopt);
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        BenchLane now = lane(pipeline, i, lanes.size(), lanes[i]);
        if (m_told[i] == now)
            continue;
        m_told[i] = now;
        m_listener.onBenchLane(now);
    }
}

BenchLane LaneReporter::lane(const JobPipeline &pipeline, std::size_t index, std::size_t lanes,
                             std::optional<std::uint64_t> token) const
{
    BenchLane lane;
    lane.lane = index;
    lane.lanes = lanes;
    const auto &launched = pipeline.launchedGpus();
    const GpuIdentity *gpu = index < m_gpus.size()     ? &m_gpus[index]
                             : index < launched.size() ? &launched[index]
                                                       : nullptr;
    if (gpu) {
        lane.device = gpu->name.empty() ? "GPU " + gpu->visibleDevice : gpu->name;
        lane.visibleDevice = gpu->visibleDevice;
    } else {
        lane.device = "CPU";
    }
    lane.location = locationName(m_launchers, index);
    lane.dropped = pipeline.benchLaneDropped(index);
    lane.restarting = lane.dropped.empty() && pipeline.benchLaneRestarting(index);
    const auto job = token ? m_jobOf(*token) : std::nullopt;
    if (!job)
        return lane;
    lane.busy = true;
    lane.sizeIndex = job->sizeIndex;
    lane.sizeLabel = problemSizeLabel(m_spec, lane.sizeIndex);
    lane.configKey = job->configKey;
    lane.round = job->round;
    return lane;
}

std::uint64_t LaneReporter::busyLanes(const JobPipeline &pipeline)
{
    const auto lanes = pipeline.benchLanes();
    return static_cast<std::uint64_t>(std::count_if(
        lanes.begin(), lanes.end(), [](const auto &token) { return token.has_value(); }));
}

} // namespace tb
