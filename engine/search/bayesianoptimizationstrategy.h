#pragma once

#include "search/guidedstrategy.h"
#include "search/strategyoptions.h"

#include <memory>

namespace tb {

struct BayesianOptimizationOptions
{
    int initialSamples = 15;     // random configurations before the model guides
    int randomCandidates = 100;  // random unvisited configurations scored per proposal
    int bestNeighbourhoods = 10; // best configurations whose Hamming neighbours are scored too
    int maxModelPoints = 150;    // observations the model is fitted to, at most
    double exploration = 0.01;   // expected improvement's margin, in standard deviations of y
    int forestTrees = 0;         // > 0: a random forest beside the GP (SurrogateModel)

    static std::vector<OptionField<BayesianOptimizationOptions>> fields();
};

class SurrogateModel;

// Bayesian optimisation: a Gaussian process (Matern 5/2 on the parameters' value indices scaled
// to [0, 1]; length scale and noise picked from a small grid by marginal likelihood) models the
// log of the objective, or with forest_trees a random forest where it cross-validates better; each
// proposal is the candidate of highest expected improvement, scored over random unvisited
// configurations plus the unvisited neighbours of the best few. A failed configuration counts as
// the worst objective seen, so the model steers away from its region.
//
// Bounded cost: the model is fitted to at most maxModelPoints observations (the best half and
// the most recent), so a proposal stays in the milliseconds however long the run. Asynchronous:
// configurations still out are in the model at the mean observed value ("constant liar"), so
// proposals made before their reports spread out instead of piling up.
class BayesianOptimizationStrategy : public GuidedStrategy
{
public:
    BayesianOptimizationStrategy(const SearchSpace &space, std::uint64_t seed,
                                 BayesianOptimizationOptions options = {});
    ~BayesianOptimizationStrategy() override;

    std::string name() const override { return "bayesian_optimization"; }

private:
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override;
    void learn(std::uint64_t) override {}

    std::vector<std::uint64_t> candidates();

    BayesianOptimizationOptions m_options;
    std::unique_ptr<SurrogateModel> m_model;
};

} // namespace tb
