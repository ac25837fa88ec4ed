#include "bayesianoptimizationstrategy.h"

#include "candidatepool.h"
#include "search/surrogatemodel.h"

#include <algorithm>

namespace tb {

std::vector<OptionField<BayesianOptimizationOptions>> BayesianOptimizationOptions::fields()
{
    using Options = BayesianOptimizationOptions;
    return {optionField("initial_samples",
                        "random configurations evaluated before the model guides", 1, 100000,
                        &Options::initialSamples),
            optionField("random_candidates", "random unvisited configurations scored per proposal",
                        0, 100000, &Options::randomCandidates),
            optionField("best_neighbourhoods",
                        "best configurations so far whose neighbours are scored per proposal", 0,
                        1000, &Options::bestNeighbourhoods),
            optionField("max_model_points",
                        "observations the model is fitted to, at most (cost: cubic)", 2, 5000,
                        &Options::maxModelPoints),
            optionField(
                "exploration",
                "margin an expected improvement must beat, in standard deviations of the target", 0,
                10, &Options::exploration),
            optionField(
                "forest_trees",
                "> 0: a random forest of that many trees is fitted beside the Gaussian process, "
                "and the one whose cross-validated predictions rank the reports better proposes",
                0, 1000, &Options::forestTrees)};
}

BayesianOptimizationStrategy::BayesianOptimizationStrategy(const SearchSpace &space,
                                                           std::uint64_t seed,
                                                           BayesianOptimizationOptions options)
    : GuidedStrategy(space, seed), m_options(options),
      m_model(std::make_unique<SurrogateModel>(ledger(), neighbourhood(),
                                               static_cast<std::size_t>(options.maxModelPoints),
                                               options.forestTrees, seed))
{}

BayesianOptimizationStrategy::~BayesianOptimizationStrategy() = default;

std::optional<std::uint64_t> BayesianOptimizationStrategy::choose()
{
    const auto initial = static_cast<std::uint64_t>(m_options.initialSamples);
    if (ledger().visitedCount() < initial)
        return randomUnvisited();
    if (waitsForReports() || !m_model->refit())
        return std::nullopt;
    const auto pool = candidates();
    if (pool.empty())
        return std::nullopt;
    const auto improvement = m_model->expectedImprovement(pool, m_options.exploration);
    const auto best = std::max_element(improvement.begin(), improvement.end());
    return pool[static_cast<std::size_t>(best - improvement.begin())];
}

// The initial design is evaluated before the model is trusted.
bool BayesianOptimizationStrategy::waitsForReports() const
{
    return ledger().reported().size() < static_cast<std::size_t>(m_options.initialSamples);
}

// Random unvisited configurations, then the unvisited neighbours of the best so far; each once.
std::vector<std::uint64_t> BayesianOptimizationStrategy::candidates()
{
    CandidatePool pool(ledger());
    const std::uint64_t count = ledger().space().validCount();
    pool.drawUpTo(static_cast<std::size_t>(m_options.randomCandidates),
                  [&] { return random().below(count); });
    pool.offerNeighboursOfBest(neighbourhood(),
                               static_cast<std::size_t>(m_options.bestNeighbourhoods));
    return pool.take();
}

} // namespace tb
