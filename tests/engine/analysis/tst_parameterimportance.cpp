// Which parameter matters (engine/export/parameterimportance.h): each value's best objective,
// the spread of those bests as the importance, the ranking, and a pair's grid of bests, on a
// hand-built table whose figures are worked out in the comments.
#include "analysis/objectivetable.h"
#include "analysis/parameterimportance.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace tb;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// BM in {16, 32, 64} x BN in {1, 2}, UNROLL always 4; BM=64,BN=1 failed. Two results of
// BM=32,BN=1 (a cell keeps the better).
ObjectiveTable gemmTable()
{
    ObjectiveTable table;
    table.add({16, 1, 4}, 4.0);
    table.add({16, 2, 4}, 3.0);
    table.add({32, 1, 4}, 2.0);
    table.add({32, 1, 4}, 2.1);
    table.add({32, 2, 4}, 2.5);
    table.add({64, 1, 4}, kNaN);
    table.add({64, 2, 4}, 2.2);
    return table;
}

bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-12;
}

} // namespace

class TestParameterImportance : public QObject
{
    Q_OBJECT
private slots:
    void eachValueKeepsItsBestAndCounts()
    {
        const auto ranked = rankParameters(gemmTable(), true);
        QCOMPARE(ranked.size(), std::size_t(3));
        const ParameterImportance &bm = ranked[0];
        QCOMPARE(bm.parameter, std::size_t(0));
        QCOMPARE(bm.values.size(), std::size_t(3));
        QCOMPARE(bm.values[0].value, 16.0);
        QCOMPARE(bm.values[0].best, 3.0);
        QCOMPARE(bm.values[1].best, 2.0); // the better of BM=32,BN=1's two
        QCOMPARE(bm.values[1].okCount, std::size_t(3));
        QCOMPARE(bm.values[2].best, 2.2); // BM=64,BN=1 failed: only BN=2 counts
        QCOMPARE(bm.values[2].okCount, std::size_t(1));
        QCOMPARE(bm.values[2].allCount, std::size_t(2));
        QCOMPARE(bm.bestValue, 1);
        QCOMPARE(bm.worstValue, 0);
    }

    void minimisedTimesRankBySpreadOfTheBests()
    {
        const auto ranked = rankParameters(gemmTable(), true);
        // BM: bests 3.0, 2.0, 2.2 -> 3.0 / 2.0 - 1 = 0.5; BN: bests 2.0, 2.2 -> 0.1; UNROLL:
        // one value -> 0.
        QCOMPARE(ranked[0].parameter, std::size_t(0));
        QVERIFY(near(ranked[0].importance, 0.5));
        QCOMPARE(ranked[1].parameter, std::size_t(1));
        QVERIFY(near(ranked[1].importance, 0.1));
        QCOMPARE(ranked[2].parameter, std::size_t(2));
        QCOMPARE(ranked[2].importance, 0.0);
        QCOMPARE(ranked[2].bestValue, 0);
        QCOMPARE(ranked[2].worstValue, 0);
    }

    void maximisedMetricsTakeTheHighestAsBest()
    {
        // The same figures as a throughput, its cost the share of it lost: BM's bests 4.0,
        // 2.5, 2.2 -> (4.0 - 2.2) / 4.0; BN's bests 4.0 (BN=1), 3.0 (BN=2) -> 0.25.
        const auto ranked = rankParameters(gemmTable(), false);
        QCOMPARE(ranked[0].parameter, std::size_t(0));
        QCOMPARE(ranked[0].values[1].best, 2.5);
        QVERIFY(near(ranked[0].importance, 0.45));
        QCOMPARE(ranked[0].bestValue, 0);
        QCOMPARE(ranked[0].worstValue, 2);
        QCOMPARE(ranked[1].parameter, std::size_t(1));
        QVERIFY(near(ranked[1].importance, 0.25));
    }

    // Issue 34, item 12: "worst value costs 80.09%" where 44.5% of the GFLOP/s was lost (the
    // best over the worst, a time's slowdown). A rate's cost is the share of it lost; a time's
    // the slowdown.
    void theCostIsInTheObjectivesOwnTerms()
    {
        QVERIFY(std::fabs(worstValueCost(1000, 555.3, false) - 0.4447) < 1e-12);
        QVERIFY(std::fabs(worstValueCost(555.3e-6, 1000e-6, true) - (1000 / 555.3 - 1)) < 1e-12);
        QCOMPARE(worstValueCost(2, 2, false), 0.0);
        QVERIFY(std::isnan(worstValueCost(0, 1, true)));
    }

    // Issue 34, item 12: a value that failed in every configuration ranked last at 0.00%.
    // Failures count per value; a value that always fails ranks its parameter first.
    void aValueThatAlwaysFailsRanksItsParameterFirst()
    {
        // BM=256 fails everywhere (too many registers); UNROLL spreads 1.0 -> 3.0; BM among
        // the values that ran, 1.0 -> 1.1. BM=32,UNROLL=4 failed once.
        ObjectiveTable table;
        table.add({16, 1}, 1.0);
        table.add({16, 4}, 3.0);
        table.add({32, 1}, 1.1);
        table.add({32, 4}, kNaN, true);
        table.add({256, 1}, kNaN, true);
        table.add({256, 4}, kNaN, true);
        table.add({16, 8}, kNaN); // compiled only: not measured, not failed
        const auto ranked = rankParameters(table, true);
        const ParameterImportance &bm = ranked[0];
        QCOMPARE(bm.parameter, std::size_t(0));
        QCOMPARE(bm.failingValues, std::size_t(1));
        QCOMPARE(bm.firstFailingValue, 2);
        QVERIFY(bm.values[2].alwaysFails());
        QCOMPARE(bm.values[2].failedCount, std::size_t(2));
        QCOMPARE(bm.values[1].failedCount, std::size_t(1));
        QVERIFY(!bm.values[1].alwaysFails());
        QVERIFY(near(bm.importance, 0.1)); // among the values that ran
        const ParameterImportance &unroll = ranked[1];
        QCOMPARE(unroll.parameter, std::size_t(1));
        QCOMPARE(unroll.failingValues, std::size_t(0)); // UNROLL=8 never failed
        QVERIFY(!unroll.values[2].alwaysFails());
        QCOMPARE(unroll.values[1].failedCount, std::size_t(2));

        // The pair's grid counts them per cell: BM=256 fails in both, BM=32,UNROLL=4 too.
        const PairGrid grid = bestPerPair(table, 0, 1, true);
        QCOMPARE(grid.results[grid.at(2, 0)], std::size_t(1));
        QVERIFY(grid.failedCell(2, 0));
        QVERIFY(grid.failedCell(2, 1));
        QVERIFY(grid.failedCell(1, 1));
        QVERIFY(!grid.failedCell(0, 1));
        QVERIFY(!grid.failedCell(0, 2)); // BM=16,UNROLL=8: compiled only
        QVERIFY(!grid.failedCell(2, 2)); // nothing there
    }

    void undefinedSpreadsRankLast()
    {
        // A metric that reaches 0 has no ratio: BM's bests are 0 (BM=1) and 5 (BM=2). BN=9
        // never ran ok, so BN's one best (5, BN=8) spreads nothing: 0, as UNROLL's one value.
        ObjectiveTable table;
        table.add({1, 8, 7}, 0.0);
        table.add({2, 8, 7}, 5.0);
        table.add({1, 9, 7}, kNaN);
        const auto ranked = rankParameters(table, false);
        QCOMPARE(ranked[0].parameter, std::size_t(1)); // ties keep the spec's order
        QCOMPARE(ranked[0].importance, 0.0);
        QVERIFY(std::isnan(ranked[0].values[1].best));
        QCOMPARE(ranked[0].values[1].allCount, std::size_t(1));
        QCOMPARE(ranked[1].parameter, std::size_t(2));
        QCOMPARE(ranked[1].importance, 0.0);
        QCOMPARE(ranked[2].parameter, std::size_t(0));
        QVERIFY(std::isnan(ranked[2].importance));
        // Nothing ok at all: no best value, no figure.
        ObjectiveTable failed;
        failed.add({1}, kNaN);
        QCOMPARE(rankParameters(failed, true)[0].bestValue, -1);
        QVERIFY(std::isnan(rankParameters(failed, true)[0].importance));
    }

    void aPairKeepsTheBestPerCell()
    {
        const PairGrid grid = bestPerPair(gemmTable(), 0, 1, true);
        QCOMPARE(grid.firstValues, (std::vector<double>{16, 32, 64}));
        QCOMPARE(grid.secondValues, (std::vector<double>{1, 2}));
        QCOMPARE(grid.best.size(), std::size_t(6));
        QCOMPARE(grid.cell(0, 0), 4.0);
        QCOMPARE(grid.cell(0, 1), 3.0);
        QCOMPARE(grid.cell(1, 0), 2.0); // the better of two
        QCOMPARE(grid.cell(1, 1), 2.5);
        QVERIFY(std::isnan(grid.cell(2, 0))); // nothing ran ok there: empty
        QCOMPARE(grid.cell(2, 1), 2.2);
        const PairGrid maximised = bestPerPair(gemmTable(), 0, 1, false);
        QCOMPARE(maximised.cell(1, 0), 2.1);
        const PairGrid outside = bestPerPair(gemmTable(), 0, 3, true);
        QVERIFY(outside.best.empty());
    }

    void storedResultsOfOneSizeWithTheSpecsObjective()
    {
        Spec spec;
        spec.parameters = {{"BM", {16, 32}}};
        const auto stored = [](std::size_t size, double bm, ResultStatus status, double median) {
            StoredResult result;
            result.sizeIndex = size;
            result.config.values = {bm};
            result.result.status = status;
            result.result.summary.median = median;
            result.result.summary.count = median > 0 ? 5 : 0; // 0: compiled, not timed
            result.result.metrics["GFLOP/s"] = 1 / median;
            return result;
        };
        const std::vector<StoredResult> results = {
            stored(0, 16, ResultStatus::Ok, 2.0), stored(1, 16, ResultStatus::Ok, 9.0),
            stored(0, 32, ResultStatus::WrongResult, 1.0), stored(0, 32, ResultStatus::Ok, 0.0)};
        const ObjectiveTable table = objectiveTable(spec, results, 0);
        QCOMPARE(table.parameterCount, std::size_t(1));
        QCOMPARE(table.rows(), std::size_t(3));
        QCOMPARE(table.objectives[0], 2.0);
        QVERIFY(std::isnan(table.objectives[1])); // failed
        QVERIFY(std::isnan(table.objectives[2])); // compiled only
        QCOMPARE(table.value(2, 0), 32.0);
        QCOMPARE(table.failed, (std::vector<bool>{false, true, false}));
        spec.objective = {"GFLOP/s", false};
        QCOMPARE(objectiveTable(spec, results, 0).objectives[0], 0.5);
    }
};

QTEST_GUILESS_MAIN(TestParameterImportance)
#include "tst_parameterimportance.moc"
