// elitist_evolution: the generational elitist genetic algorithm with a hill climb when stuck. The
// contract every strategy keeps (valid, new, never stalling, resumable) is tst_strategycontract's;
// these check what this one promises beyond it.
#include "strategytestsupport.h"

#include "search/neighbourhood.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

constexpr const char *kName = "elitist_evolution";

std::unique_ptr<SearchStrategy> makeWith(const SearchSpace &space, std::uint64_t seed,
                                         const StrategyOptions &options)
{
    auto strategy = makeStrategy(kName, space, seed, options);
    return strategy.hasValue() ? std::move(strategy.value()) : nullptr;
}

// The lowest objective over the whole space, by brute force.
double trueOptimum(const SearchSpace &space, const ObjectiveFunction &objective)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::uint64_t i = 0; i < space.validCount(); ++i)
        best = std::min(best, objective(space.at(i)).value_or(best));
    return best;
}

// Whether every Hamming neighbour of the run's best proposal was proposed too.
bool bestIsConfirmed(const Neighbourhood &neighbourhood, const DriveResult &run,
                     const SearchSpace &space, const ObjectiveFunction &objective)
{
    std::set<std::uint64_t> proposed;
    std::optional<std::uint64_t> best;
    double bestValue = std::numeric_limits<double>::infinity();
    for (const auto &config : run.proposals) {
        const std::uint64_t index = *space.indexOf(config);
        proposed.insert(index);
        const double value = objective(config).value_or(bestValue);
        if (value < bestValue) {
            bestValue = value;
            best = index;
        }
    }
    if (!best)
        return false;
    for (const std::uint64_t neighbour : neighbourhood.hamming(*best)) {
        if (!proposed.count(neighbour))
            return false;
    }
    return true;
}

} // namespace

class TestElitistEvolution : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_space.hasValue());
        QVERIFY(checkStrategyName(kName).hasValue());
        m_optimum = trueOptimum(*m_space, m_objective);
    }

    // On the 4,950-point benchmark space (a rippled bowl with local minima), 400 evaluations
    // find the optimum itself for most seeds and come within 2% of it for every one.
    void findsTheOptimumOfTheBenchmarkSpace()
    {
        int exact = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            auto strategy = make(kName, *m_space, seed);
            const auto run = drive(*strategy, *m_space, m_objective, {1, seed, 400});
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            const double best = run.bestAfter.back();
            QVERIFY2(best <= 1.02 * m_optimum, qPrintable(QString::number(best / m_optimum)));
            exact += best == m_optimum ? 1 : 0;
        }
        QVERIFY2(exact >= 6, qPrintable(QString::number(exact)));
    }

    // Once the best stops improving, a hill climb starts from it: by the end of a run every valid
    // neighbour of the final best (one parameter changed) was evaluated, so the best it reports
    // is a confirmed local optimum, for every seed.
    void climbsFromAStuckBest()
    {
        const Neighbourhood neighbourhood(*m_space);
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            auto strategy = make(kName, *m_space, seed);
            const auto run = drive(*strategy, *m_space, m_objective, {1, seed, 400});
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            QVERIFY2(bestIsConfirmed(neighbourhood, run, *m_space, m_objective),
                     qPrintable(QString("seed %1").arg(seed)));
        }
    }

    // Same seed and options, same proposals, with several workers too; another seed differs.
    void deterministicForASeed()
    {
        const StrategyOptions options{{"population_size", 12}, {"mutation_chance", 0.3}};
        const DriveSettings settings{4, 77, 300};
        auto first = makeWith(*m_space, 5, options);
        auto second = makeWith(*m_space, 5, options);
        auto other = makeWith(*m_space, 6, options);
        const auto a = drive(*first, *m_space, m_objective, settings);
        const auto b = drive(*second, *m_space, m_objective, settings);
        const auto c = drive(*other, *m_space, m_objective, settings);
        QCOMPARE(a.proposals.size(), std::size_t(300));
        QCOMPARE(b.proposals.size(), a.proposals.size());
        bool same = true;
        bool differs = false;
        for (std::size_t i = 0; i < a.proposals.size(); ++i) {
            same = same && a.proposals[i].values == b.proposals[i].values;
            differs = differs || a.proposals[i].values != c.proposals[i].values;
        }
        QVERIFY(same);
        QVERIFY(differs);
    }

    // A budget cut is a budget kept: proposals stop exactly there, none repeated or invalid
    // (the driver checks), including while children are out with 8 workers.
    void stopsAtTheBudget()
    {
        for (const std::size_t workers : {std::size_t(1), std::size_t(8)}) {
            auto strategy = make(kName, *m_space, 9);
            const auto run = drive(*strategy, *m_space, m_objective, {workers, 3, 137});
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            QCOMPARE(run.proposals.size(), std::size_t(137));
        }
    }

    // A run resumed from the first 150 results of an earlier one goes on from what they taught
    // it: it proposes none of them again and, in 250 more evaluations, ends at least as close to
    // the optimum as the earlier run's best, for every seed, and at the optimum for most.
    void resumesFromStoredResults()
    {
        int exact = 0;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            auto earlier = make(kName, *m_space, seed);
            const auto first = drive(*earlier, *m_space, m_objective, {1, seed, 150});
            QVERIFY2(first.violation.empty(), first.violation.c_str());

            auto resumed = make(kName, *m_space, seed + 100);
            std::set<std::vector<double>> stored;
            for (const auto &config : first.proposals) {
                resumed->report(config, m_objective(config));
                stored.insert(config.values);
            }
            const auto second = drive(*resumed, *m_space, m_objective, {1, seed, 250});
            QVERIFY2(second.violation.empty(), second.violation.c_str());
            for (const auto &config : second.proposals)
                QVERIFY(!stored.count(config.values));
            const double best = std::min(first.bestAfter.back(), second.bestAfter.back());
            QVERIFY(best <= first.bestAfter.back());
            exact += best == m_optimum ? 1 : 0;
        }
        QVERIFY2(exact >= 4, qPrintable(QString::number(exact)));
    }

    // A converged population breeds only what is known; the search must go on around it rather
    // than stall or fall back on blind draws alone: on the 39-point space it proposes every
    // configuration exactly once and then is done.
    void convergedPopulationStillCoversTheSpace()
    {
        auto spec = smallSpec();
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        auto strategy = makeWith(*space, 4, {{"population_size", 4}});
        QVERIFY(strategy);
        const auto run = drive(*strategy, *space, rippledBowl(*space, {0.5, 0.5, 0.5}));
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QCOMPARE(run.proposals.size(), std::size_t(39));
        QVERIFY(strategy->done());
    }

    void optionsAreDescribedAndChecked()
    {
        const auto options = strategyOptionDescriptions(kName);
        std::vector<std::string> names;
        for (const auto &option : options)
            names.push_back(option.name);
        QCOMPARE(names, (std::vector<std::string>{"population_size", "mutation_chance",
                                                  "tournament_size", "climb_after"}));
        QCOMPARE(options[0].defaultValue, 20.0);
        QCOMPARE(options[1].defaultValue, 0.1);
        QCOMPARE(options[3].defaultValue, 2.0);
        QVERIFY(!checkStrategyOptions(kName, {{"population_size", 1}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"mutation_chance", 1.5}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"climb_after", -1}}).hasValue());
        QVERIFY(checkStrategyOptions(kName, {{"climb_after", 0}}).hasValue());
    }

private:
    Spec m_spec = benchmarkSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
    ObjectiveFunction m_objective = rippledBowl(*m_space, benchmarkCentre(), 0.6);
    double m_optimum = 0;
};

QTEST_GUILESS_MAIN(TestElitistEvolution)
#include "tst_elitistevolution.moc"
