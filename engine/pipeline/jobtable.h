#pragma once

#include "pipelinejob.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace tb {

// The pipeline's configurations in flight, one PipelineJob each, found by the caller's token or
// by the job id of the worker that has it, with the line of compiled ones waiting for a bench
// worker (first in line first).
class JobTable
{
public:
    PipelineJob &add(std::uint64_t token, const Configuration &config, std::size_t sizeIndex,
                     std::optional<std::size_t> pinnedLane);
    // The job went to a worker as `workerJob` just now.
    void sentToWorker(PipelineJob &job, std::uint64_t workerJob);
    // The job a worker's outcome answers, no longer on that worker; nullptr for an unknown id.
    PipelineJob *takeFromWorker(std::uint64_t workerJob);
    // In line for a bench worker: at the back, or first (one whose worker was lost).
    void queue(PipelineJob &job, bool first = false);
    // The tokens in line, first in line first.
    const std::deque<std::uint64_t> &waiting() const { return m_waiting; }
    // Out of the line onto a bench worker.
    PipelineJob &startMeasuring(std::uint64_t token);
    void erase(std::uint64_t token);

    PipelineJob &at(std::uint64_t token) { return m_jobs.at(token); }
    const PipelineJob &at(std::uint64_t token) const { return m_jobs.at(token); }
    std::size_t size() const { return m_jobs.size(); }
    // Whether a job of these configuration values is on a compile worker now.
    bool compiling(const std::vector<double> &values) const;
    bool empty() const { return m_jobs.empty(); }
    std::size_t count(JobStage stage) const;
    // Per bench lane (of `lanes`): the token it measures now.
    std::vector<std::optional<std::uint64_t>> measuredOn(std::size_t lanes) const;

private:
    std::map<std::uint64_t, PipelineJob> m_jobs;        // by token
    std::map<std::uint64_t, std::uint64_t> m_onWorkers; // worker job id -> token
    std::deque<std::uint64_t> m_waiting;
};

} // namespace tb
