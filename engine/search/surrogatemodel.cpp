#include "surrogatemodel.h"

#include "search/rankcorrelation.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tb {

namespace {

// The hyperparameters are picked again once the reports have grown by this factor; in between
// the model refits with the last ones, which costs one factorisation instead of a grid of them.
// Geometric, because one more report changes a large model's likeliest length scale little.
constexpr double kRetuneGrowth = 1.25;
// Outstanding configurations in the model at most (as many as workers, in practice).
constexpr std::size_t kMaxLiars = 32;
const std::vector<double> kLengthScales{0.1, 0.2, 0.35, 0.6, 1.0};
const std::vector<double> kNoises{1e-4, 1e-2};

double standardNormalDensity(double z)
{
    return std::exp(-0.5 * z * z) / std::sqrt(2 * std::numbers::pi);
}

double standardNormalCumulative(double z)
{
    return 0.5 * std::erfc(-z / std::numbers::sqrt2);
}

} // namespace

SurrogateModel::SurrogateModel(const SearchLedger &ledger, const Neighbourhood &neighbourhood,
                               std::size_t maxPoints, int forestTrees, std::uint64_t seed)
    : m_ledger(ledger), m_neighbourhood(neighbourhood),
      m_maxPoints(std::max<std::size_t>(maxPoints, 2)), m_forestTrees(forestTrees),
      m_forest(forestTrees, 3, seed ^ 0x5bd1e995ULL)
{}

bool SurrogateModel::refit()
{
    if (!m_ledger.best())
        return false;
    const auto training = selectTraining();
    const auto raw = targetsOf(training);
    double mean = 0;
    for (const double target : raw)
        mean += target;
    mean /= static_cast<double>(raw.size());
    double variance = 0;
    for (const double target : raw)
        variance += (target - mean) * (target - mean);
    const double deviation = std::sqrt(variance / static_cast<double>(raw.size()));
    const double scale = deviation > 1e-12 ? deviation : 1.0;

    // Outstanding configurations join at the mean: 0 once standardised.
    std::vector<std::uint64_t> points = training;
    for (const std::uint64_t index : m_ledger.outstanding()) {
        if (points.size() >= training.size() + kMaxLiars)
            break;
        points.push_back(index);
    }
    Eigen::VectorXd targets = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(points.size()));
    m_bestTarget = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        targets[static_cast<Eigen::Index>(i)] = (raw[i] - mean) / scale;
        m_bestTarget = std::min(m_bestTarget, targets[static_cast<Eigen::Index>(i)]);
    }
    const Eigen::MatrixXd inputs = inputsOf(points);
    if (m_forestTrees <= 0)
        return fitProcess(inputs, targets);
    m_forest.fit(inputs, targets);
    m_useForest = !fitProcess(inputs, targets) || forestRanksBetter(inputs, targets, raw.size());
    return true;
}

bool SurrogateModel::forestRanksBetter(const Eigen::MatrixXd &inputs,
                                       const Eigen::VectorXd &targets, std::size_t real) const
{
    const Eigen::VectorXd process = m_process.leaveOneOutMeans(targets);
    const Eigen::VectorXd forest = m_forest.outOfBagMeans(inputs);
    std::vector<double> actual, byProcess, byForest;
    for (std::size_t i = 0; i < real; ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        if (std::isnan(forest[row]))
            continue;
        actual.push_back(targets[row]);
        byProcess.push_back(process[row]);
        byForest.push_back(forest[row]);
    }
    // A tie, to rounding, keeps the Gaussian process: the choice must not hang on the last bit.
    constexpr double kClearlyBetter = 1e-9;
    return rankCorrelation(byForest, actual) > rankCorrelation(byProcess, actual) + kClearlyBetter;
}

bool SurrogateModel::fitProcess(const Eigen::MatrixXd &inputs, const Eigen::VectorXd &targets)
{
    const std::size_t reports = m_ledger.reported().size();
    if (!m_tuned ||
        static_cast<double>(reports) >= kRetuneGrowth * static_cast<double>(m_tunedAtReports)) {
        m_tuned = m_process.fitBest(inputs, targets, kLengthScales, kNoises);
        m_tunedAtReports = reports;
        return m_tuned;
    }
    return m_process.fit(inputs, targets, m_process.hyperparameters());
}

std::vector<double>
SurrogateModel::expectedImprovement(const std::vector<std::uint64_t> &candidates,
                                    double exploration) const
{
    const Eigen::MatrixXd points = inputsOf(candidates);
    const ModelPrediction prediction =
        m_useForest ? m_forest.predict(points) : m_process.predict(points);
    std::vector<double> improvement(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        const double deviation = prediction.deviation[row];
        const double gain = m_bestTarget - prediction.mean[row] - exploration;
        const double z = gain / deviation;
        improvement[i] = gain * standardNormalCumulative(z) + deviation * standardNormalDensity(z);
    }
    return improvement;
}

// The reports to fit: all of them while they fit in m_maxPoints, else the best half and then
// the most recent. The best places the optimum; the recent ones cover where the search is now.
std::vector<std::uint64_t> SurrogateModel::selectTraining() const
{
    const auto &reported = m_ledger.reported();
    if (reported.size() <= m_maxPoints)
        return reported;
    std::vector<std::uint64_t> byScore = reported;
    std::stable_sort(byScore.begin(), byScore.end(), [this](std::uint64_t a, std::uint64_t b) {
        return *m_ledger.score(a) < *m_ledger.score(b);
    });
    std::vector<std::uint64_t> chosen(byScore.begin(),
                                      byScore.begin() + static_cast<long>(m_maxPoints / 2));
    std::vector<std::uint64_t> sortedChosen = chosen;
    std::sort(sortedChosen.begin(), sortedChosen.end());
    for (auto it = reported.rbegin(); it != reported.rend() && chosen.size() < m_maxPoints; ++it) {
        if (!std::binary_search(sortedChosen.begin(), sortedChosen.end(), *it))
            chosen.push_back(*it);
    }
    return chosen;
}

// Log targets when every success is positive; failures at the worst success.
std::vector<double> SurrogateModel::targetsOf(const std::vector<std::uint64_t> &indices) const
{
    bool positive = true;
    for (const std::uint64_t index : indices) {
        const double score = *m_ledger.score(index);
        if (score != SearchLedger::kFailed && score <= 0)
            positive = false;
    }
    std::vector<double> targets;
    double worst = -std::numeric_limits<double>::infinity();
    for (const std::uint64_t index : indices) {
        const double score = *m_ledger.score(index);
        const double target = score == SearchLedger::kFailed ? score
                              : positive                     ? std::log(score)
                                                             : score;
        if (target != SearchLedger::kFailed)
            worst = std::max(worst, target);
        targets.push_back(target);
    }
    // With no success among them there is nothing to be worse than: all alike.
    const double penalty = std::isfinite(worst) ? worst : 0.0;
    for (double &target : targets) {
        if (target == SearchLedger::kFailed)
            target = penalty;
    }
    return targets;
}

Eigen::MatrixXd SurrogateModel::inputsOf(const std::vector<std::uint64_t> &indices) const
{
    Eigen::MatrixXd inputs(static_cast<Eigen::Index>(indices.size()),
                           static_cast<Eigen::Index>(m_neighbourhood.dimensions()));
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const auto unit = m_neighbourhood.unitCoordinates(indices[i]);
        for (std::size_t k = 0; k < unit.size(); ++k)
            inputs(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = unit[k];
    }
    return inputs;
}

} // namespace tb
