#include "joboutcomes.h"

#include <iterator>

namespace tb::runner_detail {

void JobOutcomes::add(const WorkerSlot *slot, const JobRequest &job, Result result, bool lost)
{
    m_outcomes.push_back(JobOutcome{job.id, job.config, job.sizeIndex, std::move(result),
                                    slot ? slot->index : -1, lost, slot ? slot->host : "",
                                    slot ? slot->device : "", slot ? slot->gpu : GpuIdentity{}});
}

std::vector<JobOutcome> JobOutcomes::take()
{
    std::vector<JobOutcome> outcomes(std::make_move_iterator(m_outcomes.begin()),
                                     std::make_move_iterator(m_outcomes.end()));
    m_outcomes.clear();
    return outcomes;
}

} // namespace tb::runner_detail
