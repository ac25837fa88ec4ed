// niching_evolution: elitist_evolution with climbs of their own for the values the constraints
// make rare, and bridging moves when a climb's one-parameter steps run out. The contract every
// strategy keeps (valid, new, never stalling, resumable) is tst_strategycontract's; these check
// what this one promises beyond it.
#include "strategytestsupport.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

constexpr const char *kName = "niching_evolution";

double trueOptimum(const SearchSpace &space, const ObjectiveFunction &objective)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::uint64_t i = 0; i < space.validCount(); ++i)
        best = std::min(best, objective(space.at(i)).value_or(best));
    return best;
}

// Thread blocks of at most 1024 threads: BX = 32 exists only with BY = 32 (15 of 465 valid
// configurations, a rare value), as in dedispersion_milo_W6600.
Spec blockSpec()
{
    return gridSpec({{"BX", {1, 2, 4, 8, 16, 32}},
                     {"BY", {32, 64, 96, 128, 160, 192, 224, 256}},
                     {"T", {1, 2, 3, 4, 5, 6, 7, 8}},
                     {"S", {0, 1}}},
                    {"BX * BY <= 1024", "T > 1 || S == 0"});
}

// A broad bowl (floor 1.0 at BX = 2, BY = 128, T = 1) and, at BX = 32, a niche that is poor on
// average but holds the optimum (0.95 at T = 1, S = 0). The niche's one-parameter neighbours
// outside it are worse than the bowl's floor, and S = 1 with T = 1 is invalid, so from (T = 2,
// S = 1) in the niche only a two-parameter step reaches the optimum.
ObjectiveFunction bowlWithNiche(const SearchSpace &space)
{
    return [&space](const Configuration &config) -> std::optional<double> {
        const auto indices = valueIndices(space, config);
        const double bx = static_cast<double>(indices[0]) / 5;
        const double by = static_cast<double>(indices[1]) / 7;
        const double t = static_cast<double>(indices[2]) / 7;
        const double s = static_cast<double>(indices[3]);
        if (indices[0] == 5)
            return 0.95 + 0.6 * t + 0.02 * s - (s > 0 ? 0.25 * t : 0.0);
        return 1.0 + 0.2 * ((bx - 0.2) * (bx - 0.2) + (by - 3.0 / 7) * (by - 3.0 / 7)) + 0.1 * t +
               0.01 * s;
    };
}

} // namespace

class TestNichingEvolution : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_space.hasValue());
        QVERIFY(m_blocks.hasValue());
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

    // Without rare values to climb in and without bridging moves, the proposals are
    // elitist_evolution's, one for one.
    void withoutNichesAndBridgesItIsElitistEvolution()
    {
        const StrategyOptions evolution{{"population_size", 12}, {"climb_after", 1}};
        StrategyOptions plainNiching = evolution;
        plainNiching["rare_share"] = 0;
        plainNiching["bridges"] = 0;
        for (const std::size_t workers : {std::size_t(1), std::size_t(4)}) {
            auto plain = make("elitist_evolution", *m_blocks, 3, evolution);
            auto niching = make(kName, *m_blocks, 3, plainNiching);
            QVERIFY(plain && niching);
            const auto objective = bowlWithNiche(*m_blocks);
            const auto a = drive(*plain, *m_blocks, objective, {workers, 8, 300});
            const auto b = drive(*niching, *m_blocks, objective, {workers, 8, 300});
            QCOMPARE(b.proposals.size(), a.proposals.size());
            for (std::size_t i = 0; i < a.proposals.size(); ++i)
                QVERIFY2(a.proposals[i].values == b.proposals[i].values,
                         qPrintable(QString("proposal %1").arg(i)));
        }
    }

    // What it is for: an optimum in a value the constraints make rare. Every seed finds it
    // within 150 evaluations, with several workers too; elitist_evolution misses it for most.
    void findsTheOptimumInARareValue()
    {
        const auto objective = bowlWithNiche(*m_blocks);
        const double optimum = trueOptimum(*m_blocks, objective);
        QCOMPARE(optimum, 0.95);
        int found = 0;
        int foundAlone = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            auto niching = make(kName, *m_blocks, seed);
            auto plain = make("elitist_evolution", *m_blocks, seed);
            const auto a = drive(*niching, *m_blocks, objective, {1 + seed % 4, seed, 150});
            const auto b = drive(*plain, *m_blocks, objective, {1 + seed % 4, seed, 150});
            QVERIFY2(a.violation.empty(), a.violation.c_str());
            found += a.bestAfter.back() <= optimum ? 1 : 0;
            foundAlone += b.bestAfter.back() <= optimum ? 1 : 0;
        }
        qInfo("optimum in the rare value found by %d of 10 seeds, elitist_evolution %d", found,
              foundAlone);
        QCOMPARE(found, 10);
        QVERIFY(foundAlone < found);
    }

    // Same seed and options, same proposals, with several workers too; another seed differs.
    void deterministicForASeed()
    {
        const DriveSettings settings{4, 77, 300};
        const auto objective = bowlWithNiche(*m_blocks);
        auto first = make(kName, *m_blocks, 5);
        auto second = make(kName, *m_blocks, 5);
        auto other = make(kName, *m_blocks, 6);
        const auto a = drive(*first, *m_blocks, objective, settings);
        const auto b = drive(*second, *m_blocks, objective, settings);
        const auto c = drive(*other, *m_blocks, objective, settings);
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

    // A run resumed from the first 60 results of an earlier one goes on from what they taught
    // it: it proposes none of them again and still finds the optimum in the rare value.
    void resumesFromStoredResults()
    {
        const auto objective = bowlWithNiche(*m_blocks);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            auto earlier = make(kName, *m_blocks, seed);
            const auto first = drive(*earlier, *m_blocks, objective, {1, seed, 60});
            QVERIFY2(first.violation.empty(), first.violation.c_str());

            auto resumed = make(kName, *m_blocks, seed + 100);
            std::set<std::vector<double>> stored;
            for (const auto &config : first.proposals) {
                resumed->report(config, objective(config));
                stored.insert(config.values);
            }
            const auto second = drive(*resumed, *m_blocks, objective, {1, seed, 150});
            QVERIFY2(second.violation.empty(), second.violation.c_str());
            for (const auto &config : second.proposals)
                QVERIFY(!stored.count(config.values));
            const double best = std::min(first.bestAfter.back(), second.bestAfter.back());
            QCOMPARE(best, 0.95);
        }
    }

    void optionsAreDescribedAndChecked()
    {
        const auto options = strategyOptionDescriptions(kName);
        std::vector<std::string> names;
        for (const auto &option : options)
            names.push_back(option.name);
        QCOMPARE(names,
                 (std::vector<std::string>{"population_size", "mutation_chance", "tournament_size",
                                           "climb_after", "rare_share", "bridges"}));
        QCOMPARE(options[0].defaultValue, 20.0);
        QCOMPARE(options[3].defaultValue, 1.0);
        QCOMPARE(options[4].defaultValue, 0.25);
        QCOMPARE(options[5].defaultValue, 1.0);
        QVERIFY(options[5].integer);
        QVERIFY(!options[4].integer);
        QVERIFY(!checkStrategyOptions(kName, {{"rare_share", 1.5}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"bridges", 2}}).hasValue());
        QVERIFY(!checkStrategyOptions(kName, {{"bridges", 0.5}}).hasValue());
        QVERIFY(checkStrategyOptions(kName, {{"rare_share", 0}, {"climb_after", 0}}).hasValue());
    }

private:
    Spec m_spec = benchmarkSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
    ObjectiveFunction m_objective = rippledBowl(*m_space, benchmarkCentre(), 0.6);
    Spec m_blockSpec = blockSpec();
    Expected<SearchSpace> m_blocks = SearchSpace::build(m_blockSpec, 0);
    double m_optimum = 0;
};

QTEST_GUILESS_MAIN(TestNichingEvolution)
#include "tst_nichingevolution.moc"
