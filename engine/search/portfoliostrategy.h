#pragma once

#include "search/searchstrategy.h"
#include "search/strategyoptions.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace tb {

struct PortfolioOptions
{
    int evolution = 1;         // whether niching_evolution is a member
    int localSearch = 1;       // whether greedy_ils is a member
    int model = 0;             // whether bayesian_optimization is a member
    int coordinateDescent = 0; // whether coordinate_descent is a member
    // Every member's credit before it improved anything, as a share of the evaluations: the
    // budget a member gets is its credit over the sum of all members' credits.
    double prior = 0.3;
    int share = 1; // whether every member hears every report, or only those of its proposals
    int populationSize = 10; // niching_evolution's
    int forestTrees = 0;     // bayesian_optimization's (0: its Gaussian process alone)

    static std::vector<OptionField<PortfolioOptions>> fields();
};

// Several strategies share one budget, each proposing in turn by how much it has improved the
// best so far (a bandit in the manner of adaptive operator selection): a member earns, for each
// report that beats the best, the log of the improvement. Every member hears every report, so
// what one finds the others build on: the evolution breeds from the local search's optima, the
// local search never evaluates what the evolution already has.
//
// Why a portfolio: no single strategy is best on every space (bench/results/strategies.md).
// niching_evolution finds the rare niches of dedispersion spaces that local search misses;
// greedy_ils escapes the traps of convolution spaces where the population converges.
//
// Asynchronous: a member that proposes a configuration another member has out is asked again
// or another member is asked; nothing is proposed twice.
class PortfolioStrategy : public SearchStrategy
{
public:
    PortfolioStrategy(const SearchSpace &space, std::uint64_t seed, PortfolioOptions options = {});
    ~PortfolioStrategy() override;

    std::string name() const override { return "portfolio"; }
    std::optional<Configuration> next() override;
    bool done() const override;
    void report(const Configuration &config, std::optional<double> objective) override;

private:
    struct Member;

    std::vector<std::size_t> membersByNeed() const;
    std::optional<Configuration> nextOf(std::size_t k);
    void credit(const Configuration &config, double objective);

    PortfolioOptions m_options;
    std::vector<std::unique_ptr<Member>> m_members;
    std::map<std::vector<double>, std::optional<double>> m_known; // every report, by values
    std::map<std::vector<double>, std::size_t> m_proposer; // out now: which member proposed it
    std::optional<double> m_best;
};

} // namespace tb
