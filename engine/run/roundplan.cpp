#include "roundplan.h"

#include "measure/energyrounds.h"
#include "measure/hostloadrounds.h"
#include "measure/roundagreement.h"
#include "measure/roundsummary.h"
#include "measure/statistics.h"
#include "model/measurementcaveats.h"

#include <algorithm>

namespace tb {

RoundPlan::RoundPlan(int rounds, int maxRounds, int finalistsPerSize, double agreeWithin)
    : m_rounds(std::max(1, rounds)), m_maxRounds(std::max(m_rounds, maxRounds)),
      m_finalistsPerSize(std::max(1, finalistsPerSize)), m_agreeWithin(agreeWithin)
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
    // Only the best finalistsPerSize of each size are kept (a search can offer 100,000 results),
    // in order, an equal one after those offered before it.
    auto &best = m_candidates[sizeIndex];
    const auto at = std::upper_bound(
        best.begin(), best.end(), lowerIsBetter,
        [](double value, const Candidate &candidate) { return value < candidate.lowerIsBetter; });
    if (at - best.begin() >= m_finalistsPerSize)
        return;
    Result first = result;
    first.samples.clear(); // the store has them; rounds combine summaries
    best.insert(at, {lowerIsBetter,
                     Finalist{resultId, sizeIndex, configKey, config, std::move(first), {}}});
    if (best.size() > static_cast<std::size_t>(m_finalistsPerSize))
        best.pop_back();
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
        for (auto &candidate : candidates) {
            Finalist finalist = std::move(candidate.finalist);
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
    std::uint64_t planned = doneJobs();
    for (int round = 2; round <= m_rounds; ++round)
        planned += jobs(round).size();
    if (const auto next = nextRound(); next && *next > m_rounds)
        planned += jobs(*next).size();
    return planned;
}

std::uint64_t RoundPlan::doneJobs() const
{
    std::uint64_t done = 0;
    for (const auto &finalist : m_finalists)
        for (const auto &[round, result] : finalist.measured)
            done += round <= m_maxRounds ? 1 : 0;
    return done;
}

std::optional<int> RoundPlan::nextRound() const
{
    for (int round = 2; round <= m_maxRounds; ++round)
        if (!jobs(round).empty())
            return round;
    return std::nullopt;
}

bool RoundPlan::needsAnotherRound(const Finalist &finalist, int round) const
{
    for (int earlier = 2; earlier < round; ++earlier)
        if (!finalist.measured.contains(earlier))
            return false; // it stopped at an earlier round: its rounds agreed
    const auto medians = okMedians(finalist);
    if (medians.size() < 2)
        return true; // failed rounds: nothing to agree yet
    return roundsDisagree(medians, m_agreeWithin);
}

std::vector<const Result *> RoundPlan::okRounds(const Finalist &finalist) const
{
    std::vector<const Result *> rounds{&finalist.first};
    for (const auto &[round, result] : finalist.measured)
        if (result.status == ResultStatus::Ok && result.summary.count > 0)
            rounds.push_back(&result);
    return rounds;
}

std::vector<double> RoundPlan::okMedians(const Finalist &finalist) const
{
    std::vector<double> medians;
    for (const Result *round : okRounds(finalist))
        medians.push_back(round->summary.median);
    return medians;
}

std::vector<RoundPlan::Job> RoundPlan::jobs(int round) const
{
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < m_finalists.size(); ++i) {
        const Finalist &finalist = m_finalists[i];
        if (finalist.measured.contains(round))
            continue;
        if (round > m_rounds && !needsAnotherRound(finalist, round))
            continue;
        jobs.push_back({i, round});
    }
    return jobs;
}

Result RoundPlan::record(const Job &job, const Result &measured)
{
    m_finalists.at(job.finalist).measured[job.round] = measured;
    return combined(job.finalist);
}

Result RoundPlan::combined(std::size_t index) const
{
    const Finalist &finalist = m_finalists.at(index);
    std::vector<SampleSummary> summaries;
    const auto rounds = okRounds(finalist);
    for (const Result *round : rounds)
        summaries.push_back(round->summary);
    Result all = finalist.first;
    all.summary = combineRounds(summaries);
    all.samples.clear();
    combineEnergyRounds(rounds, all);
    combineHostLoadRounds(rounds, all);
    return all;
}

std::vector<double> RoundPlan::roundMedians(std::size_t finalist) const
{
    return okMedians(m_finalists.at(finalist));
}

std::vector<double> RoundPlan::roundClocks(std::size_t finalist) const
{
    std::vector<double> clocks;
    for (const Result *round : okRounds(m_finalists.at(finalist)))
        clocks.push_back(effectiveSmClockMhz(*round));
    return clocks;
}

} // namespace tb
