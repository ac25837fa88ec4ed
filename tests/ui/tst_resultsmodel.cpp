#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "resultsmodeltesting.h"
#include "session/specoutline.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QIcon>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace tb;
using namespace tbtest;

class TestResultsModel : public QObject
{
    Q_OBJECT
private slots:
    void appendsBatchesUnderTheTester()
    {
        ResultsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset({"GB/s"}, false, {"M"});
        QCOMPARE(model.columnCount(), 12);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.appendResults({okResult("M=1", 2e-3, 10, {1}), failedResult("M=2", {2})});
        model.appendResults({});
        model.appendResults({okResult("M=3", 5e-6, 30, {3}), okResult("M=4", 1.5, 1, {4}),
                             failedResult("M=5", {5})});
        QCOMPARE(inserted.count(), 2); // one insertion per non-empty batch
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(inserted.at(1).at(1).toInt(), 2);
        QCOMPARE(inserted.at(1).at(2).toInt(), 4);
        model.reset({}, true, {"BM", "BN"});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 16); // 2 parameters; registers, spills, shared, occupancy
        ResultEvent cuda = okResult("BM=64,BN=32", 1e-4, 0, {64, 32});
        cuda.result.resources = {{"registers", 40}, {"occupancy", 0.5}};
        model.appendResults({cuda, failedResult("BM=128,BN=32", {128, 32})});
        QCOMPARE(model.rowCount(), 2);
    }

    void laysOutColumnsFromTheOutline()
    {
        ResultsModel model;
        SpecOutline outline;
        outline.metricNames = {"GB/s"};
        outline.parameterNames = {"BM", "UNROLL"};
        outline.cuda = true;
        model.reset(outline);
        QCOMPARE(headers(model),
                 QStringList({"Status", "Size", "Config", "BM", "UNROLL", "Median", "% of best",
                              QString::fromUtf8("\u00b1 CI"), "Min", "Stddev", "Samples", "GB/s",
                              "Registers", "Spills (bytes)", "Shared mem (bytes)", "Occupancy",
                              "Message"}));
        QCOMPARE(model.column(ResultsModel::Parameter, 1), 4);
        QCOMPARE(model.column(ResultsModel::Median), 5);
        QCOMPARE(model.column(ResultsModel::Metric, 0), 11);
        QCOMPARE(model.column(ResultsModel::Occupancy), 15);
        QCOMPARE(model.column(ResultsModel::Metric, 1), -1);
        QCOMPARE(model.columnKind(3), ResultsModel::Parameter);
        // Stable ids name the columns in the settings, whatever their position.
        QCOMPARE(model.headerData(3, Qt::Horizontal, ResultsModel::ColumnIdRole).toString(),
                 QString("param:BM"));
        QCOMPARE(model.headerData(11, Qt::Horizontal, ResultsModel::ColumnIdRole).toString(),
                 QString("metric:GB/s"));
        QCOMPARE(model.columnId(5), QString("median"));
        QCOMPARE(model.columnId(6), QString("pct_of_best"));
        QCOMPARE(model.columnId(7), QString("ci_half"));
        QCOMPARE(model.columnId(14), QString("shared_memory"));
        QCOMPARE(model.columnId(16), QString("message"));

        // A CPU spec has no resource columns.
        outline.cuda = false;
        model.reset(outline);
        QCOMPARE(model.columnCount(), 13);
        QCOMPARE(model.column(ResultsModel::Registers), -1);
    }

    void formatsDisplayAndKeepsRawSortValues()
    {
        ResultsModel model;
        model.reset({"GB/s"}, false, {"M"});
        model.setSizeLabel(0, "N=512");
        model.appendResults({okResult("M=1", 2.5e-3, 12.345, {1}), failedResult("M=2", {2})});
        const auto at = [&](int row, int column, int role = Qt::DisplayRole) {
            return model.data(model.index(row, column), role);
        };
        const int median = model.column(ResultsModel::Median);
        const int metric = model.column(ResultsModel::Metric);
        QCOMPARE(at(0, ResultsModel::StatusColumn).toString(), QString("ok"));
        QCOMPARE(at(0, ResultsModel::SizeColumn).toString(), QString("N=512"));
        QCOMPARE(at(0, ResultsModel::ConfigColumn).toString(), QString("M=1"));
        QCOMPARE(at(1, model.column(ResultsModel::Parameter)).toString(), QString("2"));
        QCOMPARE(at(1, model.column(ResultsModel::Parameter), ResultsModel::SortRole).toDouble(),
                 2.0);
        QCOMPARE(at(0, median).toString(), QString("2.50 ms"));
        QCOMPARE(at(0, model.column(ResultsModel::Min)).toString(), QString("2.25 ms"));
        QCOMPARE(at(0, model.column(ResultsModel::Stddev)).toString(),
                 QString::fromUtf8("25.0 \u00b5s"));
        QCOMPARE(at(0, model.column(ResultsModel::Samples)).toString(), QString("7"));
        QCOMPARE(at(0, metric).toString(), QString("12.3"));
        QCOMPARE(at(0, median, ResultsModel::SortRole).toDouble(), 2.5e-3);
        QCOMPARE(at(0, metric, ResultsModel::SortRole).toDouble(), 12.345);
        QCOMPARE(at(1, ResultsModel::StatusColumn).toString(), QString("wrong_result"));
        QCOMPARE(at(1, median).toString(), QString());
        QVERIFY(!at(1, median, ResultsModel::SortRole).isValid());
        QCOMPARE(at(1, ResultsModel::StatusColumn, Qt::ToolTipRole).toString(),
                 QString("output differs at index 3"));
        QCOMPARE(model.headerData(metric, Qt::Horizontal).toString(), QString("GB/s"));
        // The status column carries an icon, a different one for a failure.
        const QIcon ok = at(0, ResultsModel::StatusColumn, Qt::DecorationRole).value<QIcon>();
        const QIcon failed = at(1, ResultsModel::StatusColumn, Qt::DecorationRole).value<QIcon>();
        QVERIFY(!ok.isNull() && !failed.isNull());
        QVERIFY(ok.pixmap(16).toImage() != failed.pixmap(16).toImage());
        QVERIFY(!at(0, median, Qt::DecorationRole).isValid());
    }

    void sortsNumericallyThroughAProxy()
    {
        ResultsModel model;
        model.reset({"GB/s"}, false);
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsModel::SortRole);
        proxy.sort(model.column(ResultsModel::Median), Qt::AscendingOrder);
        // As text "900 ns" < "2.00 ms" < "15.0 µs" would be wrong; raw seconds sort right.
        model.appendResults({okResult("A", 2e-3, 1), failedResult("F"), okResult("B", 9e-7, 2)});
        model.appendResults({okResult("C", 1.5e-5, 3)});
        QStringList order;
        for (int row = 0; row < proxy.rowCount(); ++row)
            order << proxy.index(row, ResultsModel::ConfigColumn).data().toString();
        QCOMPARE(order, QStringList({"B", "C", "A", "F"})); // no time sorts last
    }

    // "% of best" follows each size's best as results stream in, in the objective's direction,
    // and the best row of each size is highlighted; an earlier row's share drops when a better
    // one arrives.
    void sharesOfBestFollowEachSizesBest()
    {
        ResultsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        SpecOutline outline;
        outline.parameterNames = {"M"};
        model.reset(outline);
        const int share = model.column(ResultsModel::PercentOfBest);
        QVERIFY(share > 0);
        const auto at = [&](int row, int role = Qt::DisplayRole) {
            return model.data(model.index(row, share), role);
        };
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.appendResults({timed("M=1", 0, 4e-3), timed("M=2", 1, 1e-3)});
        QCOMPARE(at(0).toString(), QString("100.0 %"));
        QCOMPARE(changed.count(), 0); // each size's first best: no earlier row to update
        model.appendResults({timed("M=3", 0, 2e-3), failedResult("M=4", {4})});
        QCOMPARE(at(0).toString(), QString("50.0 %")); // takes twice as long as the new best
        QCOMPARE(at(0, ResultsModel::SortRole).toDouble(), 0.5);
        QCOMPARE(at(2).toString(), QString("100.0 %"));
        QCOMPARE(at(1).toString(), QString("100.0 %")); // size 2 has its own best
        QVERIFY(!at(3).isValid() || at(3).toString().isEmpty());
        QCOMPARE(changed.count(), 1);
        QVERIFY(!model.data(model.index(0, 0), Qt::BackgroundRole).isValid());
        QVERIFY(model.data(model.index(2, 0), Qt::BackgroundRole).isValid());
        QVERIFY(model.data(model.index(1, 0), Qt::BackgroundRole).isValid());

        // A maximised objective (GFLOP/s): the highest is the best.
        outline.objectiveMetric = "GFLOP/s";
        outline.minimize = false;
        model.reset(outline);
        ResultEvent slow = timed("M=1", 0, 1e-3);
        slow.objective = 300;
        ResultEvent fast = timed("M=2", 0, 1e-3);
        fast.objective = 1200;
        model.appendResults({slow, fast});
        QCOMPARE(at(0).toString(), QString("25.0 %"));
        QCOMPARE(at(1).toString(), QString("100.0 %"));
    }

    void showsTheUncertaintyAndTheFailureMessage()
    {
        ResultsModel model;
        model.reset({}, false, {"M"});
        ResultEvent ok = timed("M=1", 0, 1e-3);
        ok.result.summary.relativeHalfWidth = 0.0042;
        ResultEvent failed = failedResult("M=2", {2});
        failed.result.message = "ptxas error: too many resources\nsecond line";
        model.appendResults({ok, failed});
        const int ci = model.column(ResultsModel::Uncertainty);
        const int message = model.column(ResultsModel::Message);
        QCOMPARE(model.index(0, ci).data().toString(), QString::fromUtf8("\u00b10.42 %"));
        QCOMPARE(model.index(0, ci).data(ResultsModel::SortRole).toDouble(), 0.0042);
        QCOMPARE(model.index(1, ci).data().toString(), QString());
        QCOMPARE(model.index(1, message).data().toString(),
                 QString("ptxas error: too many resources"));
        QVERIFY(model.index(1, message).data(Qt::ToolTipRole).toString().contains("second line"));
        QCOMPARE(model.index(0, message).data().toString(), QString());
    }

    // A run announces its planned results; the rows' storage is made once, not regrown.
    void reservesWhatARunPlans()
    {
        ResultsFeed feed;
        QAbstractItemModelTester tester(feed.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        feed.reset({});
        feed.expectResults(3000);
        feed.expectResults(2000);
        QVERIFY(feed.model()->capacity() >= 5000);
        const qsizetype capacity = feed.model()->capacity();
        QVector<ResultEvent> batch(1000, okResult("M=1", 1e-3, 1, {1}));
        for (int i = 0; i < 5; ++i)
            feed.append(batch);
        QCOMPARE(feed.model()->rowCount(), 5000);
        QCOMPARE(feed.model()->capacity(), capacity);
        feed.reset({}); // a new run gives the memory back
        QVERIFY(feed.model()->capacity() < 5000);
    }

    // A round measured now adds its samples to the row; a stored one (a resumed run's) comes
    // without samples and leaves the row's alone, but brings the rounds' medians.
    void aRoundReplacesItsRowAndAStoredOneKeepsTheSamples()
    {
        ResultsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset({"GB/s"}, false, {"M"});
        ResultEvent first = okResult("M=1", 2e-3, 10, {1});
        first.result.samples = {2e-3, 2.1e-3};
        ResultEvent second = okResult("M=2", 3e-3, 9, {2});
        second.result.samples = {3e-3, 3e-3, 3.1e-3};
        model.appendResults({first, second});

        RoundEvent measured;
        measured.configKey = "M=1";
        measured.round = 2;
        measured.measured = okResult("M=1", 1.9e-3, 11).result;
        measured.measured.samples = {1.9e-3};
        measured.combined = okResult("M=1", 1.95e-3, 10.5).result;
        measured.medians = {2e-3, 1.9e-3};
        measured.objective = 1.95e-3;
        QVERIFY(model.replaceResult(measured));
        QCOMPARE(model.resultAt(0).result.samples.size(), std::size_t(3));
        QCOMPARE(model.resultAt(0).roundMedians.size(), std::size_t(2));
        QCOMPARE(model.resultAt(0).result.summary.median, 1.95e-3);

        RoundEvent stored = measured;
        stored.configKey = "M=2";
        stored.stored = true;
        stored.measured.samples = {2.9e-3}; // already among the reused row's own
        stored.medians = {3e-3, 2.9e-3, 3.1e-3};
        const auto before = model.resultAt(1).result.samples;
        QVERIFY(model.replaceResult(stored));
        QCOMPARE(model.resultAt(1).result.samples, before);
        QCOMPARE(model.resultAt(1).roundMedians.size(), std::size_t(3));
        stored.configKey = "M=9";
        QVERIFY(!model.replaceResult(stored)); // no such row
    }

    // Queued results reach the model and the feed's listeners in one batch per flush.
    void feedHandsQueuedResultsOnInBatches()
    {
        ResultsFeed feed;
        SpecOutline outline;
        outline.parameterNames = {"M"};
        QSignalSpy cleared(&feed, &ResultsFeed::cleared);
        QSignalSpy added(&feed, &ResultsFeed::resultsAdded);
        QSignalSpy labels(&feed, &ResultsFeed::sizeLabelChanged);
        feed.reset(outline);
        QCOMPARE(cleared.count(), 1);
        QCOMPARE(cleared.at(0).at(0).value<SpecOutline>().parameterNames, QStringList{"M"});
        feed.setSizeLabel(0, "N=64");
        QCOMPARE(labels.count(), 1);
        QCOMPARE(feed.model()->sizeLabel(0), QString("N=64"));
        feed.queue(okResult("M=1", 1e-3, 1, {1}));
        feed.queue(failedResult("M=2", {2}));
        QCOMPARE(feed.queuedCount(), 2);
        QCOMPARE(feed.model()->rowCount(), 0);
        feed.flush();
        feed.flush(); // nothing queued: nothing sent
        QCOMPARE(added.count(), 1);
        QCOMPARE(added.at(0).at(0).value<QVector<ResultEvent>>().size(), 2);
        QCOMPARE(feed.model()->rowCount(), 2);
        feed.queue(okResult("M=3", 1e-3, 1, {3}));
        feed.reset(outline); // a reset drops what is queued
        feed.flush();
        QCOMPARE(added.count(), 1);
        QCOMPARE(feed.model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestResultsModel)
#include "tst_resultsmodel.moc"
