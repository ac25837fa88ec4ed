#pragma once

#include "search/bayesianoptimizationstrategy.h"
#include "search/nichingevolutionstrategy.h"
#include "search/searchstrategy.h"
#include "search/strategyoptions.h"

#include <memory>
#include <set>
#include <utility>
#include <vector>

namespace tb {

struct ModelHandoverOptions
{
    // Chosen by leave-one-space-out over 14 recorded spaces (bench/results/strategies.md).
    int modelEvaluations = 40; // evaluations the Gaussian process proposes before the hand-over
    int initialSamples = 10;   // of those, random ones before the model guides
    int populationSize = 10;   // the evolution's population, founded on the best seen
    int localSearch = 1;       // 1: greedy_ils shares the budget with the evolution after it
    double prior = 0.3;        // the portfolio's prior credit, with local_search
    int coordinateDescent = 0; // 1: coordinate_descent shares it too

    static std::vector<OptionField<ModelHandoverOptions>> fields();
};

// Bayesian optimisation first, niching_evolution after: the model finds a good region in few
// evaluations, where an evolution spends its first population on random founders; the evolution
// then finishes the region and escapes local optima, where the model's proposals stall on
// constrained spaces (MI250X's convolution). At the hand-over the evolution is made and fed
// every report so far, so its first population is the best the model found, not random.
//
// Asynchronous: the hand-over waits until the model's proposals still out are reported, so the
// evolution never proposes one of them again.
class ModelHandoverStrategy : public SearchStrategy
{
public:
    ModelHandoverStrategy(const SearchSpace &space, std::uint64_t seed,
                          ModelHandoverOptions options = {});

    std::string name() const override { return "model_handover"; }
    std::optional<Configuration> next() override;
    bool done() const override;
    void report(const Configuration &config, std::optional<double> objective) override;

private:
    bool modelPhase() const;
    void handOver();

    const SearchSpace &m_space;
    std::uint64_t m_seed;
    ModelHandoverOptions m_options;
    std::unique_ptr<BayesianOptimizationStrategy> m_model;
    std::unique_ptr<SearchStrategy> m_evolution;
    std::vector<std::pair<Configuration, std::optional<double>>> m_reports;
    std::set<std::vector<double>> m_outstanding; // the model's proposals not yet reported
    std::uint64_t m_proposed = 0;
};

} // namespace tb
