// The Results page's Importance view (issue 21, item 2): the ranking model against figures
// worked out by hand from resultsfixture.h's results, the heatmap's cells, the pair's defaults
// (the two most important parameters, until the user picks), the size shared with the
// parameter-effect plot, the throttled live updates and the cost of ranking 100k results.
#include "analysis/parameterimportance.h"
#include "plots/importancemultiplesplot.h"
#include "plots/pairheatmapplot.h"
#include "plots/parametereffectplot.h"
#include "results/devicemodelbar.h"
#include "results/importanceview.h"
#include "results/parameterimportancemodel.h"
#include "resultsfixture.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <cmath>

using namespace tb;
using namespace tbtest;

namespace {

// A timed ok result of the fixture's shape.
ResultEvent timedResult(std::size_t size, int bm, int unroll, double median)
{
    ResultEvent event;
    event.sizeIndex = size;
    event.config.values = {double(bm), double(unroll)};
    event.configKey = "BM=" + std::to_string(bm) + ",UNROLL=" + std::to_string(unroll);
    event.result.samples = {median, median, median};
    event.result.summary = {median, median, median, 0, 3, 0.01};
    event.objective = median;
    return event;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::fabs(b);
}

} // namespace

class TestImportanceView : public ResultsPageFixture
{
    Q_OBJECT

    ImportanceView *view() const { return m_page->importanceView(); }
    ParameterImportanceModel *ranking() const { return view()->model(); }

    double cost(int row) const
    {
        return ranking()
            ->index(row, ParameterImportanceModel::CostColumn)
            .data(ParameterImportanceModel::RawRole)
            .toDouble();
    }

    void showImportance()
    {
        m_page->plotTabs()->setCurrentWidget(view());
        QVERIFY(view()->isVisible());
    }

private slots:
    void ranksTheParametersOfTheShownSize()
    {
        QAbstractItemModelTester tester(ranking(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        showImportance();
        // Size 0 (median = 1e-3 / BM / UNROLL; BM=64,UNROLL=4 failed) plus BM=128,UNROLL=1 at
        // 4 us. BM's bests: 16 -> 15.625 us (UNROLL=4), 32 -> 7.8125 us, 64 -> 15.625 us
        // (UNROLL=1), 128 -> 4 us: its worst costs 15.625 / 4 - 1 = 2.90625. UNROLL's bests:
        // 1 -> 4 us, 4 -> 7.8125 us: 7.8125 / 4 - 1 = 0.953125.
        m_feed->append({timedResult(0, 128, 1, 4e-6)});
        QCOMPARE(view()->sizeIndex(), std::size_t(0));
        QCOMPARE(ranking()->rowCount(), 2);
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::RankColumn).data().toInt(), 1);
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("BM"));
        QVERIFY(near(cost(0), 2.90625));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::CostColumn).data().toString(),
                 QString("290.63%"));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::BestValueColumn).data().toString(),
                 QString("128"));
        // 16 and 64 tie at 15.625 us: the first value keeps the place.
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::WorstValueColumn).data().toString(),
                 QString("16"));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ValuesColumn).data().toInt(), 4);
        QCOMPARE(ranking()->index(1, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("UNROLL"));
        QVERIFY(near(cost(1), 0.953125));
        QCOMPARE(ranking()->index(1, ParameterImportanceModel::BestValueColumn).data().toString(),
                 QString("1"));

        // One small plot per parameter, most important first, its best per value.
        ImportanceMultiplesPlot *multiples = view()->multiples();
        QCOMPARE(multiples->panelCount(), 2);
        QVERIFY(multiples->panelTitle(0).startsWith(QStringLiteral("BM: worst value costs")));
        const QVector<double> bests = multiples->panelBests(0);
        QCOMPARE(bests.size(), 4);
        QVERIFY(near(bests[0], 1.5625e-5));
        QVERIFY(near(bests[1], 7.8125e-6));
        QVERIFY(near(bests[3], 4e-6));
    }

    // Issue 34, item 12: a value that fails in every configuration ranked last at "0.00%",
    // unmarked. It is counted per value in the rows, the small plots and the heatmap, and it
    // ranks its parameter first.
    void aValueThatAlwaysFailsIsCountedAndMarked()
    {
        showImportance();
        ResultEvent tooBig = timedResult(0, 256, 1, 1e-6);
        tooBig.result.status = ResultStatus::CompileError;
        tooBig.objective = std::nan("");
        ResultEvent tooBigUnrolled = tooBig;
        tooBigUnrolled.config.values = {256, 4};
        m_feed->append({tooBig, tooBigUnrolled});
        view()->recompute();
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("BM"));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::CostColumn).data().toString(),
                 QString("fails at 256"));
        QVERIFY(std::isinf(cost(0)));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::FailuresColumn).data().toString(),
                 QString("64: 1 of 2; 256: all 2 failed"));
        QVERIFY(ranking()
                    ->index(0, ParameterImportanceModel::CostColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains("Every result with BM = 256 failed"));
        QCOMPARE(ranking()->index(1, ParameterImportanceModel::FailuresColumn).data().toString(),
                 QString("1: 1 of 4; 4: 2 of 4"));

        ImportanceMultiplesPlot *multiples = view()->multiples();
        QVERIFY2(multiples->panelTitle(0).contains("fails at 256"),
                 qPrintable(multiples->panelTitle(0)));
        QCOMPARE(multiples->panelFailingValues(0), QVector<double>{3}); // 16, 32, 64, 256
        QVERIFY(multiples->panelFailingValues(1).isEmpty());
        // BM=64,UNROLL=4 and BM=256 with either UNROLL: every result there failed.
        QCOMPARE(view()->heatmap()->failedCellCount(), 3);
    }

    // Issue 34, item 12: "worst value costs 80.09%" where 44.5% of the GFLOP/s was lost. For
    // a maximised objective the cost is the share of it lost.
    void aMaximisedObjectivesCostIsTheShareLost()
    {
        SpecOutline rates = outline();
        rates.objectiveMetric = QStringLiteral("GFLOP/s");
        rates.minimize = false;
        m_feed->reset(rates);
        QVector<ResultEvent> batch;
        for (const auto &[bm, gflops] : {std::pair{16, 555.3}, std::pair{32, 1000.0}}) {
            ResultEvent event = timedResult(0, bm, 1, 1e-3);
            event.objective = gflops;
            batch.append(event);
        }
        m_feed->append(batch);
        showImportance();
        view()->recompute();
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("BM"));
        QVERIFY(near(cost(0), 0.4447));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::CostColumn).data().toString(),
                 QString("44.47%"));
        const QString tip = ranking()
                                ->index(0, ParameterImportanceModel::CostColumn)
                                .data(Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains("BM = 16 loses 44.47% of the GFLOP/s that BM = 32 reaches"),
                 qPrintable(tip));
    }

    // Issue 34, item 15: a run measured on two GPU models mixed them in the ranking. Only
    // the model chosen over the table is ranked: BM=16 wins on model A, BM=32 on model B.
    void ranksOnlyTheChosenDeviceModel()
    {
        m_feed->reset(outline());
        const auto on = [](int bm, double median, const char *device) {
            ResultEvent event = timedResult(0, bm, 1, median);
            event.result.device = device;
            return event;
        };
        m_feed->append({on(16, 1e-6, "GPU A"), on(32, 4e-6, "GPU A"), on(16, 8e-6, "GPU B"),
                        on(32, 2e-6, "GPU B")});
        showImportance();
        view()->recompute();
        QComboBox *models = m_page->deviceModelBar()->selector();
        QCOMPARE(models->currentIndex(), 0); // GPU A: first of two equal counts
        QCOMPARE(view()->resultCount(), std::size_t(2));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::BestValueColumn).data().toString(),
                 QString("16"));
        QVERIFY(near(cost(0), 3)); // 4 us / 1 us - 1; across both models it read 1
        emit models->activated(1);
        view()->recompute();
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::BestValueColumn).data().toString(),
                 QString("32"));
        QVERIFY(near(cost(0), 3)); // 8 us / 2 us - 1
        QVERIFY(near(view()->heatmap()->grid().cell(1, 0), 2e-6));
    }

    void theHeatmapKeepsTheBestPerCell()
    {
        showImportance();
        m_feed->append({timedResult(0, 128, 1, 4e-6)});
        PairHeatmapPlot *heatmap = view()->heatmap();
        QCOMPARE(heatmap->xParameter(), 0); // BM, the most important
        QCOMPARE(heatmap->yParameter(), 1);
        const PairGrid &grid = heatmap->grid();
        QCOMPARE(grid.firstValues, (std::vector<double>{16, 32, 64, 128}));
        QCOMPARE(grid.secondValues, (std::vector<double>{1, 4}));
        QVERIFY(near(grid.cell(1, 1), 7.8125e-6)); // BM=32, UNROLL=4
        QVERIFY(near(grid.cell(3, 0), 4e-6));      // BM=128, UNROLL=1
        QVERIFY(std::isnan(grid.cell(2, 1)));      // BM=64, UNROLL=4 failed: empty
        QVERIFY(std::isnan(grid.cell(3, 1)));      // BM=128, UNROLL=4 never ran: empty
        // The colour map holds the same cells.
        QVERIFY(near(heatmap->colorMap()->data()->cell(1, 1), 7.8125e-6));
        QVERIFY(std::isnan(heatmap->colorMap()->data()->cell(2, 1)));
    }

    void aLoneValueStillGetsItsCells()
    {
        // QCustomPlot draws no cell along an axis of one: the lone value takes two half-cells.
        PairHeatmapPlot plot;
        plot.setParameters({"A", "B"});
        PairGrid grid;
        grid.first = 0;
        grid.second = 1;
        grid.firstValues = {8};
        grid.secondValues = {1, 2};
        grid.best = {1e-6, 2e-6};
        plot.setGrid(grid);
        QCPColorMapData *data = plot.colorMap()->data(); // cell() is not const
        QCOMPARE(data->keySize(), 2);
        QCOMPARE(data->valueSize(), 2);
        QCOMPARE(data->cell(0, 1), 2e-6);
        QCOMPARE(data->cell(1, 1), 2e-6);
        QCOMPARE(data->keyRange().lower, -0.25);
    }

    void thePairDefaultsToTheTwoMostImportantUntilPicked()
    {
        showImportance();
        // Size 1 (median = 2e-3 / BM / UNROLL) plus BM=16,UNROLL=8 at 1 ms: UNROLL's bests
        // 31.25 us (1), 15.625 us (4), 1 ms (8) cost 1e-3 / 15.625e-6 - 1 = 63; BM's 16 -> 31.25
        // us, 32 -> 15.625 us, 64 -> 31.25 us cost 1. UNROLL leads: the pair turns round.
        m_feed->append({timedResult(1, 16, 8, 1e-3)});
        view()->sizeCombo()->setCurrentIndex(view()->sizeCombo()->findData(qulonglong(1)));
        QCOMPARE(view()->sizeIndex(), std::size_t(1));
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("UNROLL"));
        QVERIFY(near(cost(0), 63));
        QVERIFY(near(cost(1), 1));
        PairHeatmapPlot *heatmap = view()->heatmap();
        QCOMPARE(heatmap->xCombo()->currentText(), QString("UNROLL"));
        QCOMPARE(heatmap->yCombo()->currentText(), QString("BM"));
        QCOMPARE(heatmap->grid().first, std::size_t(1));

        // A click on BM's row puts it along the columns: the user's pick, which stays whatever
        // the ranking does next.
        const QModelIndex bmRow = ranking()->index(1, ParameterImportanceModel::ParameterColumn);
        QTableView *table = view()->table();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(bmRow).center());
        QCOMPARE(heatmap->xParameter(), 0);
        QCOMPARE(heatmap->grid().first, std::size_t(0));
        heatmap->xCombo()->setCurrentIndex(1);
        heatmap->yCombo()->setCurrentIndex(1); // UNROLL against itself
        QCOMPARE(heatmap->yParameter(), 1);
        view()->sizeCombo()->setCurrentIndex(view()->sizeCombo()->findData(qulonglong(0)));
        QCOMPARE(heatmap->xParameter(), 1);
        QCOMPARE(heatmap->yParameter(), 1);
        QCOMPARE(heatmap->grid().second, std::size_t(1));
    }

    void followsTheSizeOfTheEffectPlot()
    {
        ParameterEffectPlot *effect = m_page->effectPlot();
        effect->setSizeIndex(1);
        QCOMPARE(view()->sizeIndex(), std::size_t(1));
        QCOMPARE(view()->sizeCombo()->currentText(), QString("N=512"));
        view()->setSizeIndex(0);
        QCOMPARE(effect->sizeIndex(), std::size_t(0));
    }

    void liveResultsAreRankedAtMostTwiceASecond()
    {
        showImportance();
        m_feed->append({timedResult(0, 128, 1, 4e-6)}); // ranked at once: a quiet spell ends
        QVERIFY(near(cost(0), 2.90625));
        // The next batch, within the throttle's interval, waits for it: BM=256 at 1 us.
        m_feed->append({timedResult(0, 256, 1, 1e-6)});
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ValuesColumn).data().toInt(), 4);
        QTRY_COMPARE_WITH_TIMEOUT(
            ranking()->index(0, ParameterImportanceModel::ValuesColumn).data().toInt(), 5, 3000);
        QVERIFY(near(cost(0), 1.5625e-5 / 1e-6 - 1));
    }

    void aHiddenViewCatchesUpWhenShown()
    {
        QVERIFY(!view()->isVisible()); // the effect plot's tab is in front
        m_feed->append({timedResult(0, 128, 1, 4e-6)});
        showImportance();
        QVERIFY(near(cost(0), 2.90625));
    }

    void ranksAHundredThousandResultsQuickly()
    {
        // 100k results of four parameters on one size: the ranking and the pair's grid are
        // one pass each over flat arrays.
        SpecOutline wide = outline();
        wide.parameterNames = {"A", "B", "C", "D"};
        m_feed->reset(wide);
        QVector<ResultEvent> batch;
        batch.reserve(100000);
        for (int i = 0; i < 100000; ++i) {
            ResultEvent event;
            event.config.values = {double(i % 10), double(i / 10 % 10), double(i / 100 % 10),
                                   double(i / 1000 % 100)};
            event.result.summary = {1.0 + i % 97, 1, 1, 0, 3, 0.01};
            event.objective = 1e-6 * (1.0 + event.config.values[0] + i % 7);
            batch.append(std::move(event));
        }
        m_feed->append(batch);
        QCOMPARE(view()->resultCount(), std::size_t(100000));
        showImportance();
        QElapsedTimer timer;
        timer.start();
        view()->recompute();
        const qint64 elapsed = timer.elapsed();
        qInfo("ranked 100k results in %lld ms", elapsed);
        QCOMPARE(ranking()->rowCount(), 4);
        QCOMPARE(ranking()->index(0, ParameterImportanceModel::ParameterColumn).data().toString(),
                 QString("A")); // bests 1 us (A=0) to 10 us (A=9): 9
        QVERIFY(near(cost(0), 9));
        QVERIFY(elapsed < 250); // the stall budget is 50 ms; leave room for a busy host
    }
};

QTEST_MAIN(TestImportanceView)
#include "tst_importanceview.moc"
