#pragma once

// Private to tb_pipeline: a JobPipeline's bench lanes of launched measuring workers (srun
// tasks, ssh hosts), which may fail or be lost one by one while the run goes on with the rest.

#include "droppedlanes.h"
#include "pipelinepool.h"
#include "pipelinesettings.h"
#include "supervisorgroup.h"

#include "model/expected.h"
#include "model/gpuidentity.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// Lanes whose worker did not start (an unreachable host, a node without the bundle) are dropped
// with a note while another one started; the start fails only when none did. A lane given up
// on stays dropped across a round's restart, so that no round pays its start timeout again.
// The lanes' GPUs are known from their workers' hellos only, and must all load one build.
// Without launchers every lane is kept and nothing here applies.
class LaunchedLanes
{
public:
    using LaneStart = DroppedLanes::LaneStart;

    // The pipeline's bench pool and its notes (log lines): they outlive this object.
    LaunchedLanes(const PipelinePool &bench, std::vector<std::string> &notes);

    // The created bench supervisors to start, less the lanes dropped for good; `lanes` gets the
    // lane of each one returned.
    std::vector<SupervisorToStart> toStart(const std::vector<SupervisorToStart> &created,
                                           std::vector<std::size_t> &lanes) const;
    // Drops, with a note, the lanes of `starts` that did not start; an error when none is left.
    Status dropThoseThatDidNotStart(const std::vector<LaneStart> &starts);
    // A round's bench supervisors, started in the background: those to start (as toStart()).
    std::vector<SupervisorToStart>
    beginBackgroundStart(const std::vector<SupervisorToStart> &created);
    // None of a background start's lanes is left to start: every location is gone.
    bool nothingToStartInBackground() const { return m_backgroundLanes.empty(); }
    // Once the background start ended: its lanes that did not start are dropped as at the
    // run's start (once; until then nothing).
    void noteBackgroundStart(const BackgroundStart &start);
    // Before a round's restart replaces the supervisors: a lane its supervisor gave up on
    // (health()) stays dropped, with that reason.
    void keepDropped();
    // Records each lane's GPU, as its worker's hello named it; with compile workers here,
    // settings.arch becomes the first lane's unless chosen, and every lane must load it.
    Status adoptGpus(PipelineSettings &settings);
    const std::vector<GpuIdentity> &gpus() const { return m_gpus; }

    // A lane given up on: why; "" while it is usable.
    std::string droppedReason(std::size_t lane) const;
    bool droppedForGood(std::size_t lane) const { return m_dropped.forGood(lane); }
    // Why the lane was dropped for good; "" while it was not.
    std::string reasonForGood(std::size_t lane) const { return m_dropped.reason(lane); }
    // With every lane dropped: the reason a failed restart names.
    std::string firstReason() const { return m_dropped.firstReason(); }

private:
    bool launched() const { return !m_bench.launchers.empty(); }

    const PipelinePool &m_bench;
    std::vector<std::string> &m_notes;
    DroppedLanes m_dropped;                     // launched bench lanes gone for good
    std::vector<std::size_t> m_backgroundLanes; // the lanes of the background start's supervisors
    bool m_backgroundStartNoted = true;
    std::vector<GpuIdentity> m_gpus; // per lane, from its hello: empty without launchers
};

} // namespace tb
