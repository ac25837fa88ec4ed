#include "jobtable.h"

#include <algorithm>

namespace tb {

PipelineJob &JobTable::add(std::uint64_t token, const Configuration &config, std::size_t sizeIndex,
                           std::optional<std::size_t> pinnedLane)
{
    PipelineJob &job = m_jobs[token];
    job = PipelineJob{};
    job.token = token;
    job.config = config;
    job.sizeIndex = sizeIndex;
    job.pinnedLane = pinnedLane;
    return job;
}

void JobTable::sentToWorker(PipelineJob &job, std::uint64_t workerJob)
{
    job.workerJob = workerJob;
    job.submittedAt = std::chrono::steady_clock::now();
    m_onWorkers[workerJob] = job.token;
}

PipelineJob *JobTable::takeFromWorker(std::uint64_t workerJob)
{
    const auto onWorker = m_onWorkers.find(workerJob);
    if (onWorker == m_onWorkers.end())
        return nullptr;
    const auto job = m_jobs.find(onWorker->second);
    m_onWorkers.erase(onWorker);
    return job == m_jobs.end() ? nullptr : &job->second;
}

void JobTable::queue(PipelineJob &job, bool first)
{
    job.stage = JobStage::Waiting;
    job.lane.reset();
    if (first)
        m_waiting.push_front(job.token);
    else
        m_waiting.push_back(job.token);
}

PipelineJob &JobTable::startMeasuring(std::uint64_t token)
{
    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), token));
    PipelineJob &job = m_jobs.at(token);
    job.stage = JobStage::Measuring;
    return job;
}

void JobTable::erase(std::uint64_t token)
{
    const auto job = m_jobs.find(token);
    if (job == m_jobs.end())
        return;
    if (job->second.stage == JobStage::Waiting)
        m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), token));
    m_jobs.erase(job);
}

bool JobTable::compiling(const std::vector<double> &values) const
{
    return std::any_of(m_jobs.begin(), m_jobs.end(), [&](const auto &entry) {
        return entry.second.stage == JobStage::Compiling && entry.second.config.values == values;
    });
}

std::size_t JobTable::count(JobStage stage) const
{
    return static_cast<std::size_t>(
        std::count_if(m_jobs.begin(), m_jobs.end(),
                      [stage](const auto &entry) { return entry.second.stage == stage; }));
}

std::vector<std::optional<std::uint64_t>> JobTable::measuredOn(std::size_t lanes) const
{
    std::vector<std::optional<std::uint64_t>> tokens(lanes);
    for (const auto &[token, job] : m_jobs)
        if (job.lane && *job.lane < lanes)
            tokens[*job.lane] = token;
    return tokens;
}

} // namespace tb
