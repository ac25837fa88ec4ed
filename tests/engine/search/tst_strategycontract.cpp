// The rules every strategy keeps, checked for each by name: valid and new proposals, the whole
// space once when run to exhaustion, determinism per seed, failures remembered, asynchronous
// reports, and results of an earlier run fed back in.
#include "strategytestsupport.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

std::set<std::vector<double>> valuesOf(const std::vector<Configuration> &configs)
{
    std::set<std::vector<double>> values;
    for (const auto &config : configs)
        values.insert(config.values);
    return values;
}

// Every valid configuration of the space, as values.
std::set<std::vector<double>> everything(const SearchSpace &space)
{
    std::set<std::vector<double>> values;
    for (std::uint64_t i = 0; i < space.validCount(); ++i)
        values.insert(space.at(i).values);
    return values;
}

// Fails where a third of the configurations (by the first parameter's value index) do not
// compile, so that failures are frequent but the space has successes all over.
ObjectiveFunction failingWhere(const SearchSpace &space, ObjectiveFunction inner)
{
    return [&space, inner](const Configuration &config) -> std::optional<double> {
        if (valueIndices(space, config)[0] % 3 == 1)
            return std::nullopt;
        return inner(config);
    };
}

} // namespace

class TestStrategyContract : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_small.hasValue() && m_medium.hasValue());
        QCOMPARE(m_small->validCount(), std::uint64_t(39));
        QCOMPARE(m_medium->validCount(), std::uint64_t(462));
    }

    void runToExhaustionCoversEverySpaceOnce_data() { strategyRows(); }
    void runToExhaustionCoversEverySpaceOnce()
    {
        QFETCH(QString, name);
        for (const SearchSpace *space : {&*m_small, &*m_medium}) {
            auto strategy = make(name.toStdString(), *space, 3);
            QVERIFY(strategy);
            QCOMPARE(QString::fromStdString(strategy->name()), name);
            const auto run = drive(*strategy, *space, rippledBowl(*space, {0.5, 0.5, 0.5, 0.5}));
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            QCOMPARE(valuesOf(run.proposals), everything(*space));
            QCOMPARE(run.proposals.size(), std::size_t(space->validCount()));
            QVERIFY(strategy->done());
            QVERIFY(!strategy->next()); // stays exhausted
        }
    }

    void sameSeedSameProposalsOtherSeedOthers_data() { strategyRows(); }
    void sameSeedSameProposalsOtherSeedOthers()
    {
        QFETCH(QString, name);
        const auto objective = rippledBowl(*m_medium, {0.3, 0.6, 0.2, 0.5});
        auto run = [&](std::uint64_t seed) {
            auto strategy = make(name.toStdString(), *m_medium, seed);
            return drive(*strategy, *m_medium, objective, {4, 77, 120}).proposals;
        };
        const auto first = run(11);
        QCOMPARE(first.size(), std::size_t(120));
        QCOMPARE(run(11), first);
        if (name != "brute_force") // the one strategy without randomness
            QVERIFY(run(12) != first);
    }

    // Failed configurations are never proposed again (the driver would see a repeat), the
    // search goes on past them, and still covers the whole space.
    void failuresAreRememberedAndDoNotStopTheSearch_data() { strategyRows(); }
    void failuresAreRememberedAndDoNotStopTheSearch()
    {
        QFETCH(QString, name);
        const auto objective =
            failingWhere(*m_medium, rippledBowl(*m_medium, {0.8, 0.2, 0.6, 0.5}));
        auto strategy = make(name.toStdString(), *m_medium, 5);
        const auto run = drive(*strategy, *m_medium, objective, {2, 9, SIZE_MAX});
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QCOMPARE(valuesOf(run.proposals), everything(*m_medium));
        QVERIFY(strategy->done());
    }

    // A space where nothing works at all: the search must still walk it to the end.
    void everythingFailingStillEnds_data() { strategyRows(); }
    void everythingFailingStillEnds()
    {
        QFETCH(QString, name);
        auto strategy = make(name.toStdString(), *m_small, 2);
        const auto run =
            drive(*strategy, *m_small, [](const Configuration &) { return std::nullopt; });
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QCOMPARE(run.proposals.size(), std::size_t(39));
    }

    // Up to 8 proposals out, reported in a shuffled order: no stall, the whole space once.
    void asynchronousReportsNeitherStallNorRepeat_data() { strategyRows(); }
    void asynchronousReportsNeitherStallNorRepeat()
    {
        QFETCH(QString, name);
        for (std::uint64_t reportSeed : {1, 2, 3}) {
            auto strategy = make(name.toStdString(), *m_medium, reportSeed + 40);
            const auto run =
                drive(*strategy, *m_medium, rippledBowl(*m_medium, {0.1, 0.9, 0.4, 0.5}),
                      {8, reportSeed, SIZE_MAX});
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            QCOMPARE(valuesOf(run.proposals), everything(*m_medium));
        }
    }

    // Reports of configurations it never proposed (an earlier run's results, fed back in before
    // the first next()) count as visited: the strategy proposes only the rest.
    void resumedResultsAreNotProposedAgain_data() { guidedRows(); }
    void resumedResultsAreNotProposedAgain()
    {
        QFETCH(QString, name);
        const auto objective = rippledBowl(*m_medium, {0.5, 0.5, 0.5, 0.5});
        auto strategy = make(name.toStdString(), *m_medium, 8);
        std::set<std::vector<double>> earlier;
        for (std::uint64_t i = 0; i < m_medium->validCount(); i += 3) {
            const auto config = m_medium->at(i);
            strategy->report(config, i % 2 ? objective(config) : std::nullopt);
            earlier.insert(config.values);
        }
        const auto run = drive(*strategy, *m_medium, objective);
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QCOMPARE(run.proposals.size(), std::size_t(m_medium->validCount()) - earlier.size());
        for (const auto &config : run.proposals)
            QVERIFY(!earlier.count(config.values));
    }

    // Reports that are not of this space, or come twice, are ignored without harm.
    void strayReportsAreIgnored_data() { guidedRows(); }
    void strayReportsAreIgnored()
    {
        QFETCH(QString, name);
        auto strategy = make(name.toStdString(), *m_small, 4);
        strategy->report(Configuration{{7, 7, 7}}, 1.0); // not a listed value
        strategy->report(Configuration{{3, 3, 0}}, 1.0); // rejected by the constraint
        strategy->report(Configuration{{1, 1}}, 1.0);    // too few values
        auto first = strategy->next();
        QVERIFY(first);
        strategy->report(*first, 2.0);
        strategy->report(*first, 0.5); // a second report of the same: ignored
        const auto run = drive(*strategy, *m_small, rippledBowl(*m_small, {0.5, 0.5, 0.5}));
        QVERIFY2(run.violation.empty(), run.violation.c_str());
        QCOMPARE(run.proposals.size(), std::size_t(38));
    }

    void anEmptySpaceIsDoneAtOnce_data() { strategyRows(); }
    void anEmptySpaceIsDoneAtOnce()
    {
        QFETCH(QString, name);
        const Spec spec = gridSpec({{"A", {1, 2}}}, {"A > 5"});
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        auto strategy = make(name.toStdString(), *space);
        QVERIFY(strategy);
        QVERIFY(strategy->done());
        QVERIFY(!strategy->next());
    }

private:
    static void strategyRows()
    {
        QTest::addColumn<QString>("name");
        for (const auto &name : madeStrategyNames())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    static void guidedRows()
    {
        QTest::addColumn<QString>("name");
        for (const auto &name : guidedStrategyNames())
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }

    const Spec m_smallSpec = smallSpec();
    const Spec m_mediumSpec = mediumSpec();
    Expected<SearchSpace> m_small = SearchSpace::build(m_smallSpec, 0);
    Expected<SearchSpace> m_medium = SearchSpace::build(m_mediumSpec, 0);
};

QTEST_GUILESS_MAIN(TestStrategyContract)
#include "tst_strategycontract.moc"
