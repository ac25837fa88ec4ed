// surrogate_evolution: elitist_evolution's genetic algorithm with a surrogate model taking turns.
// The contract every strategy keeps (valid, new, never stalling, resumable) is
// tst_strategycontract's; these check what this one promises beyond it.
#include "strategytestsupport.h"

#include <QElapsedTimer>
#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

constexpr const char *kName = "surrogate_evolution";

double trueOptimum(const SearchSpace &space, const ObjectiveFunction &objective)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::uint64_t i = 0; i < space.validCount(); ++i)
        best = std::min(best, objective(space.at(i)).value_or(best));
    return best;
}

// Evaluations until the run's best first equals `optimum`; the run's length plus one if never.
std::size_t evaluationsToOptimum(const DriveResult &run, double optimum)
{
    for (std::size_t i = 0; i < run.bestAfter.size(); ++i) {
        if (run.bestAfter[i] <= optimum)
            return i + 1;
    }
    return run.bestAfter.size() + 1;
}

// A broad bowl whose floor (1.0) lies at `floor`, and a narrow well (0.8 at its bottom) at
// `needle` that only configurations within two value steps of it in every parameter see: one
// parameter changed at a time from the bowl's floor never reaches it.
ObjectiveFunction bowlWithNeedle(const SearchSpace &space, std::vector<double> floor,
                                 std::vector<double> needle)
{
    return [&space, floor, needle](const Configuration &config) -> std::optional<double> {
        const auto indices = valueIndices(space, config);
        double bowl = 1.0;
        double well = 0;
        for (std::size_t k = 0; k < indices.size(); ++k) {
            const double count = static_cast<double>(space.parameters()[k].values.size());
            const double unit = static_cast<double>(indices[k]) / (count - 1);
            bowl += (unit - floor[k]) * (unit - floor[k]);
            well += (unit - needle[k]) * (unit - needle[k]);
        }
        return well < 0.12 ? std::min(bowl, 0.8 + 2 * well) : bowl;
    };
}

} // namespace

class TestSurrogateEvolution : public QObject
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

    // With both shares 0 the model never takes a turn: the proposals are elitist_evolution's,
    // one for one (the same generations, climbs and random draws).
    void withoutTheModelItIsElitistEvolution()
    {
        const StrategyOptions evolution{{"population_size", 12}, {"climb_after", 1}};
        StrategyOptions alone = evolution;
        alone["model_share"] = 0;
        alone["leader_share"] = 0;
        for (const std::size_t workers : {std::size_t(1), std::size_t(4)}) {
            auto plain = make("elitist_evolution", *m_space, 3, evolution);
            auto hybrid = make(kName, *m_space, 3, alone);
            QVERIFY(plain && hybrid);
            const auto a = drive(*plain, *m_space, m_objective, {workers, 8, 300});
            const auto b = drive(*hybrid, *m_space, m_objective, {workers, 8, 300});
            QCOMPARE(b.proposals.size(), a.proposals.size());
            for (std::size_t i = 0; i < a.proposals.size(); ++i)
                QVERIFY2(a.proposals[i].values == b.proposals[i].values,
                         qPrintable(QString("proposal %1").arg(i)));
        }
    }

    // What the model is for: a needle whose basin one-parameter steps from the bowl's floor do
    // not reach. The population settles on the floor; the model's look at the whole space finds
    // the needle for more seeds, and sooner, than the genetic algorithm alone.
    void theModelFindsANeedleThePopulationMisses()
    {
        const auto objective =
            bowlWithNeedle(*m_space, {0.3, 0.3, 0.4, 0.4, 0.4}, {1.0, 1.0 / 6, 0.0, 0.8, 0.8});
        const double optimum = trueOptimum(*m_space, objective);
        QVERIFY(optimum < 0.9);
        std::size_t withModel = 0;
        std::size_t alone = 0;
        int foundWithModel = 0;
        int foundAlone = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            auto hybrid = make(kName, *m_space, seed);
            auto plain = make("elitist_evolution", *m_space, seed);
            const auto a = drive(*hybrid, *m_space, objective, {1, seed, 300});
            const auto b = drive(*plain, *m_space, objective, {1, seed, 300});
            QVERIFY2(a.violation.empty(), a.violation.c_str());
            withModel += evaluationsToOptimum(a, optimum);
            alone += evaluationsToOptimum(b, optimum);
            foundWithModel += a.bestAfter.back() <= optimum ? 1 : 0;
            foundAlone += b.bestAfter.back() <= optimum ? 1 : 0;
        }
        qInfo("needle found by %d of 10 seeds with the model, %d without; evaluations %zu, %zu",
              foundWithModel, foundAlone, withModel, alone);
        QVERIFY(foundWithModel > foundAlone);
        QVERIFY(withModel < alone);
    }

    // Same seed and options, same proposals, with several workers too; another seed differs.
    void deterministicForASeed()
    {
        const StrategyOptions options{{"population_size", 12}, {"model_share", 0.5}};
        const DriveSettings settings{4, 77, 300};
        auto first = make(kName, *m_space, 5, options);
        auto second = make(kName, *m_space, 5, options);
        auto other = make(kName, *m_space, 6, options);
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

    // A run resumed from the first 150 results of an earlier one goes on from what they taught
    // it: it proposes none of them again and ends at the optimum for most seeds.
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
            exact += best == m_optimum ? 1 : 0;
        }
        QVERIFY2(exact >= 4, qPrintable(QString::number(exact)));
    }

    // Every model proposal refits a Gaussian process: a 400-evaluation run, where the model may
    // take most turns, stays in the seconds (the benchmark's replays run 50 seeds per space).
    void aRunStaysCheap()
    {
        auto strategy = make(kName, *m_space, 2, {{"model_share", 1}});
        QVERIFY(strategy);
        QElapsedTimer timer;
        timer.start();
        const auto run = drive(*strategy, *m_space, m_objective, {1, 2, 400});
        const double seconds = static_cast<double>(timer.elapsed()) / 1000;
        qInfo("400 evaluations, the model taking every turn: %.2f s", seconds);
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QVERIFY2(seconds < 10, qPrintable(QString::number(seconds)));
    }

    void optionsAreDescribedAndChecked()
    {
        const auto options = strategyOptionDescriptions(kName);
        std::vector<std::string> names;
        for (const auto &option : options)
            names.push_back(option.name);
        QCOMPARE(names, (std::vector<std::string>{
                            "population_size", "mutation_chance", "tournament_size", "climb_after",
                            "model_share", "leader_share", "bred_candidates", "random_candidates",
                            "best_neighbourhoods", "max_model_points", "exploration"}));
        QCOMPARE(options[0].defaultValue, 20.0);
        QCOMPARE(options[4].defaultValue, 0.05);
        QCOMPARE(options[5].defaultValue, 0.8);
        QVERIFY(options[0].integer);
        QVERIFY(!options[4].integer);
        QVERIFY(!checkStrategyOptions(kName, {{"population_size", 1}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"model_share", 1.5}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"max_model_points", 1}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"random_candidates", 2.5}}).hasValue());
        QVERIFY(checkStrategyOptions(kName, {{"leader_share", 0}, {"climb_after", 0}}).hasValue());
    }

private:
    Spec m_spec = benchmarkSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
    ObjectiveFunction m_objective = rippledBowl(*m_space, benchmarkCentre(), 0.6);
    double m_optimum = 0;
};

QTEST_GUILESS_MAIN(TestSurrogateEvolution)
#include "tst_surrogateevolution.moc"
