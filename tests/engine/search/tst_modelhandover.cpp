// model_handover and portfolio: a Gaussian process's start handed over to evolution and local
// search sharing the budget. The contract every strategy keeps is tst_strategycontract's; these
// check what the two promise beyond it.
#include "strategytestsupport.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

std::vector<std::vector<double>> valuesOf(const std::vector<Configuration> &configs)
{
    std::vector<std::vector<double>> values;
    for (const auto &config : configs)
        values.push_back(config.values);
    return values;
}

} // namespace

class TestModelHandover : public QObject
{
    Q_OBJECT

private slots:
    // Before the hand-over it is bayesian_optimization with the same start and its forest
    // beside the Gaussian process, proposal for proposal.
    void theModelProposesUntilTheHandOver()
    {
        const SearchSpace &space = *m_space;
        const auto objective = rippledBowl(space, benchmarkCentre());
        const DriveSettings first{1, 12345, 30};
        auto handover =
            make("model_handover", space, 7,
                 {{"model_evaluations", 30}, {"initial_samples", 10}, {"local_search", 1}});
        auto model = make("bayesian_optimization", space, 7,
                          {{"initial_samples", 10}, {"forest_trees", 30}});
        QVERIFY(handover && model);
        const auto handed = drive(*handover, space, objective, first);
        const auto alone = drive(*model, space, objective, first);
        QVERIFY2(handed.violation.empty(), handed.violation.c_str());
        QCOMPARE(handed.proposals.size(), std::size_t(30));
        QVERIFY(valuesOf(handed.proposals) == valuesOf(alone.proposals));
    }

    // The hand-over waits for the model's proposals still out, so the successors, which do not
    // know them, cannot propose one of them again.
    void theHandOverWaitsForTheModelsProposalsOut()
    {
        const SearchSpace &space = *m_space;
        auto strategy =
            make("model_handover", space, 3, {{"model_evaluations", 12}, {"initial_samples", 12}});
        QVERIFY(strategy);
        std::vector<Configuration> out;
        for (int i = 0; i < 12; ++i) {
            auto config = strategy->next();
            QVERIFY(config);
            out.push_back(*config);
        }
        QVERIFY(!strategy->next());
        const auto objective = rippledBowl(space, benchmarkCentre());
        for (std::size_t i = 0; i + 1 < out.size(); ++i)
            strategy->report(out[i], objective(out[i]));
        QVERIFY(!strategy->next()); // one still out
        strategy->report(out.back(), objective(out.back()));
        const auto after = strategy->next();
        QVERIFY(after);
        for (const auto &config : out)
            QVERIFY(config.values != after->values);
    }

    // A portfolio of one member is that member: the frame's cache of answers and its credit
    // change nothing.
    void aPortfolioOfOneIsItsMember()
    {
        const SearchSpace &space = *m_space;
        const auto objective = rippledBowl(space, benchmarkCentre());
        struct Case
        {
            std::string member;
            StrategyOptions portfolioOptions;
            StrategyOptions memberOptions;
        };
        for (const auto &[member, options, memberOptions] :
             std::vector<Case>{{"niching_evolution",
                                {{"evolution", 1}, {"local_search", 0}, {"population_size", 12}},
                                {{"population_size", 12}}},
                               {"greedy_ils", {{"evolution", 0}, {"local_search", 1}}, {}}}) {
            auto portfolio = make("portfolio", space, 5, options);
            auto alone = make(member, space, 5, memberOptions);
            QVERIFY(portfolio && alone);
            const DriveSettings settings{3, 99, 200};
            const auto together = drive(*portfolio, space, objective, settings);
            const auto single = drive(*alone, space, objective, settings);
            QVERIFY2(together.violation.empty(), together.violation.c_str());
            QVERIFY2(valuesOf(together.proposals) == valuesOf(single.proposals), member.c_str());
        }
    }

    // With model_member the model goes on proposing beside the evolution and the local search:
    // the same proposals up to the hand-over, others after it.
    void aModelMemberSharesTheBudgetAfterTheHandOver()
    {
        const SearchSpace &space = *m_space;
        const auto objective = rippledBowl(space, benchmarkCentre());
        const DriveSettings settings{1, 12345, 80};
        auto without = make("model_handover", space, 7, {{"model_evaluations", 30}});
        auto with =
            make("model_handover", space, 7, {{"model_evaluations", 30}, {"model_member", 1}});
        QVERIFY(without && with);
        const auto before = valuesOf(drive(*without, space, objective, settings).proposals);
        const auto after = valuesOf(drive(*with, space, objective, settings).proposals);
        QCOMPARE(after.size(), before.size());
        QVERIFY(std::equal(before.begin(), before.begin() + 30, after.begin()));
        QVERIFY(!std::equal(before.begin() + 30, before.end(), after.begin() + 30));
    }

    // On the benchmark bowl the hand-over finds the optimum, as its members do alone.
    void findsTheBowlsOptimum()
    {
        const SearchSpace &space = *m_space;
        const auto objective = rippledBowl(space, benchmarkCentre());
        double optimum = std::numeric_limits<double>::infinity();
        for (std::uint64_t i = 0; i < space.validCount(); ++i)
            optimum = std::min(optimum, *objective(space.at(i)));
        int found = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            auto strategy = make("model_handover", space, seed);
            const auto run = drive(*strategy, space, objective, DriveSettings{2, seed, 300});
            QVERIFY2(run.violation.empty(), run.violation.c_str());
            found += run.bestAfter.back() <= optimum * (1 + 1e-12) ? 1 : 0;
        }
        QVERIFY2(found >= 8, qPrintable(QString("optimum found by %1 of 10 seeds").arg(found)));
    }

private:
    const Spec m_spec = benchmarkSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
};

QTEST_APPLESS_MAIN(TestModelHandover)
#include "tst_modelhandover.moc"
