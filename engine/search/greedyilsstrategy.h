#pragma once

#include "search/guidedstrategy.h"
#include "search/hillclimber.h"
#include "search/strategyoptions.h"

namespace tb {

struct GreedyIlsOptions
{
    double perturbation = 0.3; // fraction of the parameters a kick changes
    int restartAfter = 50;     // evaluations without a better local optimum before a restart

    static std::vector<OptionField<GreedyIlsOptions>> fields();
};

// Greedy iterated local search with restarts (Kernel Tuner's greedy_ils; Schoonhoven et al.,
// IEEE TEVC 2022): first-improvement hill climbing over the Hamming neighbourhood (any other
// value of one parameter, tried in a random order); at a local optimum a kick changes a few
// parameters of the best local optimum found since the last restart and the climb goes on from
// there; after restartAfter evaluations without a better local optimum it restarts from a random
// unvisited configuration.
class GreedyIlsStrategy : public GuidedStrategy
{
public:
    GreedyIlsStrategy(const SearchSpace &space, std::uint64_t seed, GreedyIlsOptions options = {});

    std::string name() const override { return "greedy_ils"; }

private:
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override { return !m_climber.finished(); }
    void learn(std::uint64_t index) override;

    void keepLocalOptimum();
    std::optional<std::uint64_t> kick();

    GreedyIlsOptions m_options;
    HillClimber m_climber;
    std::optional<std::uint64_t> m_incumbent; // best local optimum since the last restart
    int m_sinceImprovement = 0;               // reports since m_incumbent last improved
};

} // namespace tb
