// The surrogate models of bayesian_optimization and model_handover's start: the random forest,
// the cross-validated predictions each model is judged by (the Gaussian process's leave-one-out
// means, the forest's out-of-bag means) and the rank correlation that compares them.
#include "strategytestsupport.h"

#include "search/gaussianprocess.h"
#include "search/randomforest.h"
#include "search/rankcorrelation.h"

#include <QTest>

#include <cmath>

using namespace tb;
using namespace tbtest;

namespace {

// An 11 x 11 grid on [0, 1]^2.
Eigen::MatrixXd grid()
{
    Eigen::MatrixXd inputs(121, 2);
    for (int i = 0; i < 121; ++i)
        inputs.row(i) << (i / 11) / 10.0, (i % 11) / 10.0;
    return inputs;
}

Eigen::MatrixXd point(double x, double y)
{
    Eigen::MatrixXd points(1, 2);
    points << x, y;
    return points;
}

} // namespace

class TestSurrogateModels : public QObject
{
    Q_OBJECT

private slots:
    // A step in the first input, the second irrelevant: each side's level, sure of it.
    void theForestFitsAStepAndIgnoresAnIrrelevantInput()
    {
        const Eigen::MatrixXd inputs = grid();
        Eigen::VectorXd targets(inputs.rows());
        for (Eigen::Index i = 0; i < inputs.rows(); ++i)
            targets[i] = inputs(i, 0) < 0.45 ? 0.0 : 1.0;
        RandomForest forest(30, 3, 7);
        forest.fit(inputs, targets);
        for (const double y : {0.0, 0.35, 1.0}) {
            const auto low = forest.predict(point(0.2, y));
            const auto high = forest.predict(point(0.8, y));
            QVERIFY(std::abs(low.mean[0]) < 0.05);
            QVERIFY(std::abs(high.mean[0] - 1) < 0.05);
            QVERIFY(low.deviation[0] < 0.2);
        }
    }

    // Targets that disagree where the inputs are alike leave the forest unsure there.
    void theForestIsUnsureWhereTheTargetsScatter()
    {
        const Eigen::MatrixXd inputs = grid();
        Eigen::VectorXd targets(inputs.rows());
        for (Eigen::Index i = 0; i < inputs.rows(); ++i)
            targets[i] = inputs(i, 0) < 0.45 ? 0.0 : (i % 2 == 0 ? 2.0 : 0.0);
        RandomForest forest(30, 3, 7);
        forest.fit(inputs, targets);
        QVERIFY(forest.predict(point(0.8, 0.5)).deviation[0] >
                5 * forest.predict(point(0.2, 0.5)).deviation[0]);
    }

    // Same seed, same trees: a search proposes the same configurations again.
    void theSameSeedGrowsTheSameForest()
    {
        const Eigen::MatrixXd inputs = grid();
        Eigen::VectorXd targets(inputs.rows());
        for (Eigen::Index i = 0; i < inputs.rows(); ++i)
            targets[i] = std::sin(5 * inputs(i, 0)) + inputs(i, 1) * inputs(i, 0);
        RandomForest first(30, 3, 1), again(30, 3, 1), other(30, 3, 2);
        first.fit(inputs, targets);
        again.fit(inputs, targets);
        other.fit(inputs, targets);
        const auto at = point(0.33, 0.71);
        QCOMPARE(first.predict(at).mean[0], again.predict(at).mean[0]);
        QCOMPARE(first.outOfBagMeans(inputs), again.outOfBagMeans(inputs));
        QVERIFY(first.outOfBagMeans(inputs) != other.outOfBagMeans(inputs));
    }

    // Out-of-bag means predict each row from trees that never saw it: near a smooth target, and
    // with 30 trees every row has some.
    void outOfBagMeansPredictEachRowFromTheOthers()
    {
        const Eigen::MatrixXd inputs = grid();
        Eigen::VectorXd targets(inputs.rows());
        for (Eigen::Index i = 0; i < inputs.rows(); ++i)
            targets[i] = inputs(i, 0) + 0.1 * inputs(i, 1);
        RandomForest forest(30, 3, 3);
        forest.fit(inputs, targets);
        const Eigen::VectorXd means = forest.outOfBagMeans(inputs);
        for (Eigen::Index i = 0; i < inputs.rows(); ++i) {
            QVERIFY(!std::isnan(means[i]));
            QVERIFY2(std::abs(means[i] - targets[i]) < 0.2, qPrintable(QString::number(i)));
        }
        QVERIFY(rankCorrelation(std::vector<double>(means.begin(), means.end()),
                                std::vector<double>(targets.begin(), targets.end())) > 0.95);
    }

    // The closed form is the Gaussian process fitted without the point, predicting it.
    void leaveOneOutMeansAreRefitsWithoutThePoint()
    {
        Eigen::MatrixXd inputs(6, 1);
        inputs << 0.0, 0.15, 0.4, 0.55, 0.8, 1.0;
        Eigen::VectorXd targets(6);
        targets << 0.3, -0.2, 1.1, 0.4, -0.9, 0.5;
        const GaussianProcess::Hyperparameters hyperparameters{0.3, 1e-2};
        GaussianProcess process;
        QVERIFY(process.fit(inputs, targets, hyperparameters));
        const Eigen::VectorXd means = process.leaveOneOutMeans(targets);
        for (Eigen::Index left = 0; left < 6; ++left) {
            Eigen::MatrixXd others(5, 1);
            Eigen::VectorXd otherTargets(5);
            for (Eigen::Index i = 0, k = 0; i < 6; ++i) {
                if (i == left)
                    continue;
                others(k, 0) = inputs(i, 0);
                otherTargets[k++] = targets[i];
            }
            GaussianProcess without;
            QVERIFY(without.fit(others, otherTargets, hyperparameters));
            const double refit = without.predict(inputs.row(left)).mean[0];
            QVERIFY2(
                std::abs(means[left] - refit) < 1e-9,
                qPrintable(QString("%1: %2 against %3").arg(left).arg(means[left]).arg(refit)));
        }
    }

    void rankCorrelationComparesOrdersOnly()
    {
        const std::vector<double> a{1, 2, 3, 4, 5};
        QCOMPARE(rankCorrelation(a, {10, 20, 30, 40, 50}), 1.0);
        QCOMPARE(rankCorrelation(a, {std::exp(1), std::exp(2), std::exp(3), 60, 1e9}), 1.0);
        QCOMPARE(rankCorrelation(a, {5, 4, 3, 2, 1}), -1.0);
        // Ties share their mean rank: ranks (0.5, 0.5, 2) against (0, 1, 2).
        QVERIFY(std::abs(rankCorrelation({1, 1, 2}, {1, 2, 3}) - std::sqrt(0.75)) < 1e-12);
        // No order to agree on.
        QCOMPARE(rankCorrelation({1, 2}, {1, 2}), 0.0);
        QCOMPARE(rankCorrelation({3, 3, 3}, {1, 2, 3}), 0.0);
    }

    // On a space whose objective steps in one parameter, bayesian_optimization with a forest
    // beside its Gaussian process proposes otherwise than without: the forest ranked better.
    void aForestBesideTheProcessChangesTheProposalsOnASteppedSpace()
    {
        const SearchSpace &space = *m_space;
        const ObjectiveFunction stepped = [&space](const Configuration &config) {
            const auto indices = valueIndices(space, config);
            return std::optional<double>(1.0 + (indices[0] % 2 == 0 ? 0.0 : 3.0) +
                                         0.01 * static_cast<double>(indices[1]));
        };
        const DriveSettings settings{1, 99, 40};
        auto gp = make("bayesian_optimization", space, 5, {{"initial_samples", 10}});
        auto both = make("bayesian_optimization", space, 5,
                         {{"initial_samples", 10}, {"forest_trees", 30}});
        QVERIFY(gp && both);
        const auto alone = drive(*gp, space, stepped, settings);
        const auto beside = drive(*both, space, stepped, settings);
        QVERIFY2(beside.violation.empty(), beside.violation.c_str());
        QCOMPARE(beside.proposals.size(), alone.proposals.size());
        bool differ = false;
        for (std::size_t i = 0; i < alone.proposals.size(); ++i)
            differ = differ || alone.proposals[i].values != beside.proposals[i].values;
        QVERIFY(differ);
    }

private:
    const Spec m_spec = mediumSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
};

QTEST_GUILESS_MAIN(TestSurrogateModels)
#include "tst_surrogatemodels.moc"
