#pragma once

#include "model/configuration.h"
#include "model/result.h"
#include "storage/storerecords.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// The extra rounds of a run (measurement.process_rounds). A GPU can run a kernel a few percent
// slower for the whole life of one process, and sampling inside that process cannot tell. So
// once the search is done, the best `finalistsPerSize` ok results of each problem size are
// measured again, once per extra round, each round in fresh worker processes; a finalist's
// median becomes the median of its rounds' medians. Past `rounds`, up to `maxRounds`, only the
// finalists whose rounds still disagree (spread of their medians over `agreeWithin` of the
// median) get another round. The plan is derived from what the store holds, so a resumed run
// measures only the rounds still missing.
class RoundPlan
{
public:
    struct Finalist
    {
        std::int64_t resultId = 0;
        std::size_t sizeIndex = 0;
        std::string configKey;
        Configuration config;
        Result first;                   // round 1: the search's own measurement
        std::map<int, Result> measured; // later rounds, ok or failed, by round
    };
    struct Job
    {
        std::size_t finalist = 0; // index into finalists()
        int round = 0;
    };

    RoundPlan(int rounds, int maxRounds, int finalistsPerSize, double agreeWithin);

    bool enabled() const { return m_maxRounds > 1; }
    int rounds() const { return m_rounds; }
    int maxRounds() const { return m_maxRounds; }
    double agreeWithin() const { return m_agreeWithin; }
    // Jobs the rounds will take for a size whose search plans `planned` configurations: the
    // estimate shown as progress until the finalists are known.
    std::uint64_t estimatedJobs(std::uint64_t planned) const;

    // Round 1's summary of a result whose rounds the store holds (its row holds them combined).
    std::optional<SampleSummary> storedFirstRound(std::int64_t resultId) const;
    // A finished ok result of the search as round 1 measured it, and its objective by that
    // measurement (lower is better): finalists are ranked by round 1 alone, so a resumed run
    // chooses the ones an uninterrupted run would have.
    void offer(std::int64_t resultId, std::size_t sizeIndex, const std::string &configKey,
               const Configuration &config, double lowerIsBetter, const Result &result);
    // Rounds the store already has for the run (a resumed run).
    void addStored(const std::vector<StoredRound> &rounds);
    // Fixes the finalists: the best offered per size. Once; later offers are ignored.
    void chooseFinalists();
    bool finalistsChosen() const { return m_chosen; }
    const std::vector<Finalist> &finalists() const { return m_finalists; }

    // Measured so far, plus what the fixed rounds still need, plus the next adaptive round's.
    std::uint64_t plannedJobs() const;
    std::uint64_t doneJobs() const;
    // The first round in which some finalist is still to be measured.
    std::optional<int> nextRound() const;
    std::vector<Job> jobs(int round) const;
    // Records a round; returns the finalist's result with every ok round combined (metrics
    // are the caller's: they depend on the spec).
    Result record(const Job &job, const Result &measured);
    // The finalist's result with every ok round so far combined (no samples).
    Result combined(std::size_t finalist) const;
    // Medians of the finalist's ok rounds, in round order (round 1 first).
    std::vector<double> roundMedians(std::size_t finalist) const;
    // The SM clock each of those rounds was timed at ("sm_clock_effective_mhz"; 0 where a round
    // has none), in the same order.
    std::vector<double> roundClocks(std::size_t finalist) const;

private:
    // Past the fixed rounds: measured in every round before `round` and still disagreeing.
    bool needsAnotherRound(const Finalist &finalist, int round) const;
    std::vector<double> okMedians(const Finalist &finalist) const;
    // The ok rounds okMedians() reads, round 1 first.
    std::vector<const Result *> okRounds(const Finalist &finalist) const;

    struct Candidate
    {
        double lowerIsBetter = 0;
        Finalist finalist;
    };

    int m_rounds;
    int m_maxRounds;
    int m_finalistsPerSize;
    double m_agreeWithin;
    bool m_chosen = false;
    std::map<std::size_t, std::vector<Candidate>> m_candidates; // by size, the best first
    std::map<std::int64_t, std::vector<StoredRound>> m_stored;  // by result id
    std::vector<Finalist> m_finalists;
};

} // namespace tb
