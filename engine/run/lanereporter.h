#pragma once

#include "model/gpuidentity.h"
#include "model/spec.h"
#include "runner/workerlauncher.h"
#include "sessionevents.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tb {

class JobPipeline;
class SessionListener;

// Tells the listener what each bench lane (one measuring worker per GPU; the CPU's measuring
// workers, one per launched location) measures now, or that its location is being restarted
// or was dropped, as it changes.
class LaneReporter
{
public:
    // What the run knows of a token a lane measures.
    struct LaneJob
    {
        std::size_t sizeIndex = 0;
        std::string configKey;
        int round = 1; // 2.. while measuring a finalist again
    };
    // The job of a token in flight; nullopt for one the run does not know.
    using JobOf = std::function<std::optional<LaneJob>(std::uint64_t token)>;

    // gpus: the run's own (one lane each); launchers: the launched locations (one lane each).
    LaneReporter(const Spec &spec, const std::vector<GpuIdentity> &gpus,
                 const std::vector<LauncherSettings> &launchers, SessionListener &listener,
                 JobOf jobOf);

    // all: tell every lane (the workers were just started); else only those that changed: the
    // configuration measured, or the location's worker being restarted or dropped.
    void report(const JobPipeline &pipeline, bool all);
    // Lanes measuring a configuration now.
    static std::uint64_t busyLanes(const JobPipeline &pipeline);

private:
    BenchLane lane(const JobPipeline &pipeline, std::size_t index, std::size_t lanes,
                   std::optional<std::uint64_t> token) const;

    const Spec &m_spec;
    const std::vector<GpuIdentity> &m_gpus;
    const std::vector<LauncherSettings> &m_launchers;
    SessionListener &m_listener;
    JobOf m_jobOf;
    std::vector<std::optional<BenchLane>> m_told; // the lanes as last told
};

} // namespace tb
