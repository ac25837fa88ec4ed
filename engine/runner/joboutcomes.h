#pragma once

// Private to tb_runner: the outcomes a WorkerPool holds until its caller takes them. No I/O.

#include "jobrequest.h"
#include "workerslot.h"

#include <deque>
#include <vector>

namespace tb::runner_detail {

// Outcomes in the order they were decided. Each says which worker ran the job's last attempt
// (its slot, host, device and GPU), so that a report can tell a node's results apart.
class JobOutcomes
{
public:
    // `job` ends with `result`; `slot` ran its last attempt, or none did (a quarantined
    // configuration). `lost`: the worker was lost to its launcher, not to this job.
    void add(const WorkerSlot *slot, const JobRequest &job, Result result, bool lost = false);
    bool empty() const { return m_outcomes.empty(); }
    // Every outcome since the last call, oldest first.
    std::vector<JobOutcome> take();

private:
    std::deque<JobOutcome> m_outcomes;
};

} // namespace tb::runner_detail
