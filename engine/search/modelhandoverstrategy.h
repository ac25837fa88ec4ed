#pragma once

#include "search/bayesianoptimizationstrategy.h"
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
    int modelMember = 0;       // 1: the model shares the budget after the hand-over too
    int forestTrees = 30;      // a random forest beside the Gaussian process (0: the GP alone)

    static std::vector<OptionField<ModelHandoverOptions>> fields();
};

// Bayesian optimisation first (the Gaussian process or a random forest, whichever predicts the
// reports better), then niching_evolution with greedy_ils beside it (a
// PortfolioStrategy; with local_search 0 the evolution alone). The model finds a good region in
// few evaluations, where an evolution spends its first population on random founders. The
// successors then finish the region and leave its local optima, where the model's proposals
// stall. They are made at the hand-over and fed every report so far: the evolution's first
// population is the best the model found, not random.
//
// Asynchronous: the hand-over waits until the model's proposals still out are reported, so the
// successors never propose one of them again. A run with many workers idles its compile
// workers for that moment, once.
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
    std::unique_ptr<SearchStrategy> m_successor; // after the hand-over
    std::vector<std::pair<Configuration, std::optional<double>>> m_reports;
    std::set<std::vector<double>> m_outstanding; // the model's proposals not yet reported
    std::uint64_t m_proposed = 0;
};

} // namespace tb
