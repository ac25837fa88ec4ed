#pragma once

#include "search/gaussianprocess.h"
#include "search/neighbourhood.h"
#include "search/randomforest.h"
#include "search/searchledger.h"

#include <cstdint>
#include <vector>

namespace tb {

// What Bayesian optimisation believes about the objective: a Gaussian process fitted to the
// ledger's reports, and the expected improvement of configurations not yet visited.
//
// Targets are the log of the objective (run times span decades; the log makes a difference of
// 10% mean the same everywhere), or the objective itself when some value is not positive. A
// failure is given the worst target seen. Outstanding configurations join at the mean target
// (a "constant liar"). At most `maxPoints` reports are fitted: the best half and the most recent.
//
// With forestTrees, a random forest is fitted beside the Gaussian process and the one that
// predicts the reports in better order from the others proposes: the GP's leave-one-out means
// against the forest's out-of-bag means, by rank correlation (what expected improvement needs
// is the order). One isotropic GP models smooth spaces well from few reports; a forest models
// steps, interactions and inputs that do not matter (the convolution spaces: 177 against 171 of
// issue 38's 195 targets, bench/results/strategies.md).
class SurrogateModel
{
public:
    SurrogateModel(const SearchLedger &ledger, const Neighbourhood &neighbourhood,
                   std::size_t maxPoints, int forestTrees = 0, std::uint64_t seed = 0);

    // Refits to the ledger as it is now; false when no report succeeded yet.
    bool refit();
    // Expected improvement over the best report, in standardised units, of each candidate;
    // `exploration` is the margin an improvement must beat. Precondition: refit() was true.
    std::vector<double> expectedImprovement(const std::vector<std::uint64_t> &candidates,
                                            double exploration) const;

private:
    bool fitProcess(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets);
    bool forestRanksBetter(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets,
                           std::size_t real) const;
    std::vector<std::uint64_t> selectTraining() const;
    std::vector<double> targetsOf(const std::vector<std::uint64_t> &indices) const;
    Eigen::MatrixXd inputsOf(const std::vector<std::uint64_t> &indices) const;

    const SearchLedger &m_ledger;
    const Neighbourhood &m_neighbourhood;
    std::size_t m_maxPoints;
    GaussianProcess m_process;
    int m_forestTrees;
    RandomForest m_forest;
    bool m_useForest = false;         // the forest proposes: it ranked the reports better
    std::size_t m_tunedAtReports = 0; // reports when the hyperparameters were last picked
    bool m_tuned = false;
    double m_bestTarget = 0; // standardised
};

} // namespace tb
