#pragma once

// Private to tb_pipeline: what one worker's outcome means for its configuration. No I/O.

#include "earlyexitlimit.h"
#include "jobtable.h"
#include "pipelinesettings.h"
#include "runner/jobrequest.h"

#include <cstdint>
#include <optional>

namespace tb {

// A configuration's final result, for the caller's token.
struct FinishedJob
{
    std::uint64_t token = 0;
    Result result;
};

// Settles each outcome a supervisor hands back, in JobPipeline's table of jobs: a compiled
// configuration goes on to wait for a bench worker; one whose measuring worker was lost to its
// launcher waits again, first in line (up to kLostWorkersPerConfiguration); anything else is
// final. A final result says how long it spent on its stage, which device measured it, the host
// that produced it, and carries the compile figures.
class PipelineOutcomes
{
public:
    // A configuration lost with this many workers is not queued again: something about it
    // (its memory, say, and the node's OOM killer) may be what ends them.
    static constexpr int kLostWorkersPerConfiguration = 2;

    enum class Stage
    {
        Compile, // the first pool: compile workers, or the CPU's build workers
        Bench,   // the measuring workers, one supervisor per lane
    };

    // The pipeline's own settings, table and limit: they outlive this object.
    PipelineOutcomes(const PipelineSettings &settings, JobTable &jobs, EarlyExitLimit &earlyExit);

    // `outcome` from supervisor `supervisor` of `stage` (a bench lane); the final result when
    // there is one. The job leaves the table then; an outcome of no job here is ignored.
    std::optional<FinishedJob> settle(Stage stage, std::size_t supervisor, JobOutcome outcome);

private:
    bool requeueLost(std::size_t lane, PipelineJob &job, JobOutcome &outcome);
    void labelDevice(std::size_t lane, JobOutcome &outcome) const;

    const PipelineSettings &m_settings;
    JobTable &m_jobs;
    EarlyExitLimit &m_earlyExit;
};

} // namespace tb
