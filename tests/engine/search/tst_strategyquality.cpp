// A small benchmark as a test: on a ~5,000-point space with one optimum (a rippled bowl over five
// parameters, some grid points rejected by constraints), every guided strategy must find, within
// 200 evaluations, a better median best than random search does, over 20 seeds.
#include "strategytestsupport.h"

#include <QElapsedTimer>
#include <QTest>

#include <cstdlib>

using namespace tb;
using namespace tbtest;

namespace {

constexpr std::size_t kBudget = 200;
constexpr std::uint64_t kSeeds = 20;

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// TB_QUALITY_WORKERS=8 replays the benchmark with 8 proposals out at once (shuffled reports).
std::size_t workers()
{
    const char *text = std::getenv("TB_QUALITY_WORKERS");
    const int value = text ? std::atoi(text) : 1;
    return value > 0 ? static_cast<std::size_t>(value) : 1;
}

// TB_QUALITY_OPTIONS="name=value,..." passes options to every guided strategy that takes them
// (for tuning defaults; unknown ones are skipped per strategy).
StrategyOptions optionsFor(const std::string &strategy)
{
    StrategyOptions options;
    const char *text = std::getenv("TB_QUALITY_OPTIONS");
    if (!text)
        return options;
    const auto known = strategyOptionDescriptions(strategy);
    for (const auto &item : QString(text).split(',', Qt::SkipEmptyParts)) {
        const auto parts = item.split('=');
        if (parts.size() != 2)
            continue;
        const auto name = parts[0].trimmed().toStdString();
        if (std::any_of(known.begin(), known.end(),
                        [&](const auto &option) { return option.name == name; }))
            options[name] = parts[1].toDouble();
    }
    return options;
}

} // namespace

class TestStrategyQuality : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_space.hasValue());
        QCOMPARE(m_space->validCount(), std::uint64_t(4950));
        // The optimum is valid and unique.
        std::vector<double> values;
        for (std::uint64_t i = 0; i < m_space->validCount(); ++i)
            values.push_back(*m_objective(m_space->at(i)));
        std::sort(values.begin(), values.end());
        QCOMPARE(values[0], 1.0);
        QVERIFY(values[1] > 1.0);
        m_randomMedian = medianBest("random");
    }

    void beatsRandomSearch_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto &name : guidedStrategyNames())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void beatsRandomSearch()
    {
        QFETCH(QString, name);
        const double best = medianBest(name.toStdString());
        qInfo("%s: median best after %zu evaluations %.4f (random %.4f)", qPrintable(name), kBudget,
              best, m_randomMedian);
        QVERIFY2(best < m_randomMedian, qPrintable(name));
    }

    // A proposal refits the model to at most max_model_points (150) observations: with 500 it
    // costs about what it costs with 150 (fitting all 500 would cost ~30 times more), a few ms.
    void bayesianOptimizationCostIsBoundedInObservations()
    {
        const double with150 = millisecondsPerProposal(150);
        const double with500 = millisecondsPerProposal(500);
        qInfo("bayesian_optimization: %.2f ms per proposal after 150 observations, %.2f after 500",
              with150, with500);
        QVERIFY2(with500 < 3 * with150 + 1, qPrintable(QString::number(with500)));
    }

private:
    // The median over the seeds of the best objective found within the budget; says it with
    // the medians at fewer evaluations and how many seeds found the optimum (1.0).
    double medianBest(const std::string &name)
    {
        const std::vector<std::size_t> checkpoints{25, 50, 100, kBudget};
        std::vector<std::vector<double>> bests(checkpoints.size());
        int optimal = 0;
        for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
            auto strategy = makeStrategy(name, *m_space, seed, optionsFor(name));
            if (!strategy)
                return std::numeric_limits<double>::infinity();
            const auto run =
                drive(**strategy, *m_space, m_objective, {workers(), seed * 7919, kBudget});
            if (!run.violation.empty() || run.bestAfter.size() != kBudget)
                return std::numeric_limits<double>::infinity();
            for (std::size_t i = 0; i < checkpoints.size(); ++i)
                bests[i].push_back(run.bestAfter[checkpoints[i] - 1]);
            optimal += run.bestAfter.back() == 1.0;
        }
        QString line = QString::fromStdString(name) + ": median best after";
        for (std::size_t i = 0; i < checkpoints.size(); ++i)
            line += QString(" %1: %2").arg(checkpoints[i]).arg(median(bests[i]), 0, 'f', 4);
        line += QString("; optimum found by %1 of %2 seeds").arg(optimal).arg(kSeeds);
        qInfo("%s", qPrintable(line));
        return median(bests.back());
    }

    double millisecondsPerProposal(std::uint64_t observations)
    {
        auto strategy = make("bayesian_optimization", *m_space, 5);
        for (std::uint64_t i = 0; i < observations; ++i) {
            const auto config = m_space->at(i * 9);
            strategy->report(config, m_objective(config));
        }
        constexpr int kProposals = 20;
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < kProposals; ++i) {
            auto config = strategy->next();
            if (!config)
                return std::numeric_limits<double>::infinity();
            strategy->report(*config, m_objective(*config));
        }
        return static_cast<double>(timer.nsecsElapsed()) / 1e6 / kProposals;
    }

    const Spec m_spec = benchmarkSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
    ObjectiveFunction m_objective = rippledBowl(*m_space, benchmarkCentre(), 0.6);
    double m_randomMedian = 0;
};

QTEST_GUILESS_MAIN(TestStrategyQuality)
#include "tst_strategyquality.moc"
