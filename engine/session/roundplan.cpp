#include "roundplan.h"

#include "measure/roundsummary.h"

#include <algorithm>

namespace tb {

RoundPlan::RoundPlan(int rounds, int finalistsPerSize)
    : m_rounds(std::max(1, rounds)), m_finalistsPerSize(std::max(1, finalistsPerSize))
{}

std::uint64_t RoundPlan::estimatedJobs(std::uint64_t planned) const
{
    const auto finalists = std::min<std::uint64_t>(planned, m_finalistsPerSize);
    return finalists * static_cast<std::uint64_t>(m_rounds - 1);
}

void RoundPlan::offer(std::int64_t resultId, std::size_t sizeIndex, const std::string &configKey,
                      const Configuration &config, double lowerIsBetter, const Result &result)
{
    if (!enabled() || m_chosen)
        return;
    m_candidates[sizeIndex].push_back(
        {lowerIsBetter, Finalist{resultId, sizeIndex, configKey, config, result, {}}});
}

std::optional<SampleSummary> RoundPlan::storedFirstRound(std::int64_t resultId) const
{
    const auto found = m_stored.find(resultId);
    if (found == m_stored.end())
        return std::nullopt;
    for (const auto &round : found->second)
        if (round.round == 1)
            return round.result.summary;
    return std::nullopt;
}

void RoundPlan::addStored(const std::vector<StoredRound> &rounds)
{
    for (const auto &round : rounds)
        m_stored[round.resultId].push_back(round);
}

void RoundPlan::chooseFinalists()
{
    if (m_chosen)
        return;
    m_chosen = true;
    for (auto &[size, candidates] : m_candidates) {
        std::stable_sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
            return a.lowerIsBetter < b.lowerIsBetter;
        });
        const auto count = std::min<std::size_t>(candidates.size(), m_finalistsPerSize);
        for (std::size_t i = 0; i < count; ++i) {
            Finalist finalist = std::move(candidates[i].finalist);
            for (const auto &stored : m_stored[finalist.resultId])
                if (stored.round > 1)
                    finalist.measured[stored.round] = stored.result;
            m_finalists.push_back(std::move(finalist));
        }
    }
    m_candidates.clear();
}

std::uint64_t RoundPlan::plannedJobs() const
{
    return m_finalists.size() * static_cast<std::uint64_t>(m_rounds - 1);
}

std::uint64_t RoundPlan::doneJobs() const
{
    std::uint64_t done = 0;
    for (const auto &finalist : m_finalists)
        for (const auto &[round, result] : finalist.measured)
            done += round <= m_rounds ? 1 : 0;
    return done;
}

std::optional<int> RoundPlan::nextRound() const
{
    for (int round = 2; round <= m_rounds; ++round)
        if (!jobs(round).empty())
            return round;
    return std::nullopt;
}

std::vector<RoundPlan::Job> RoundPlan::jobs(int round) const
{
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < m_finalists.size(); ++i)
        if (!m_finalists[i].measured.contains(round))
            jobs.push_back({i, round});
    return jobs;
}

Result RoundPlan::record(const Job &job, const Result &measured)
{
    Finalist &finalist = m_finalists.at(job.finalist);
    finalist.measured[job.round] = measured;
    std::vector<SampleSummary> summaries{finalist.first.summary};
    for (const auto &[round, result] : finalist.measured)
        if (result.status == ResultStatus::Ok && result.summary.count > 0)
            summaries.push_back(result.summary);
    Result combined = finalist.first;
    combined.summary = combineRounds(summaries);
    combined.samples.clear();
    return combined;
}

std::vector<double> RoundPlan::roundMedians(std::size_t finalist) const
{
    const Finalist &chosen = m_finalists.at(finalist);
    std::vector<double> medians{chosen.first.summary.median};
    for (const auto &[round, result] : chosen.measured)
        if (result.status == ResultStatus::Ok && result.summary.count > 0)
            medians.push_back(result.summary.median);
    return medians;
}

} // namespace tb
