#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "session/specoutline.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QIcon>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace tb;

namespace {

ResultEvent okResult(const std::string &key, double median, double gbps,
                     std::vector<double> values = {})
{
    ResultEvent event;
    event.configKey = key;
    event.config.values = std::move(values);
    event.result.status = ResultStatus::Ok;
    event.result.summary.median = median;
    event.result.summary.min = median * 0.9;
    event.result.summary.stddev = median * 0.01;
    event.result.summary.count = 7;
    event.result.metrics["GB/s"] = gbps;
    return event;
}

// An ok result of problem size `sizeIndex` whose objective is its median time.
ResultEvent timed(const std::string &key, std::size_t sizeIndex, double median)
{
    ResultEvent event = okResult(key, median, 1);
    event.sizeIndex = sizeIndex;
    event.objective = median;
    return event;
}

ResultEvent failedResult(const std::string &key, std::vector<double> values = {})
{
    ResultEvent event;
    event.configKey = key;
    event.config.values = std::move(values);
    event.result.status = ResultStatus::WrongResult;
    event.result.message = "output differs at index 3";
    return event;
}

QStringList headers(const QAbstractItemModel &model)
{
    QStringList names;
    for (int column = 0; column < model.columnCount(); ++column)
        names << model.headerData(column, Qt::Horizontal).toString();
    return names;
}

} // namespace

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

    void marksAnOkResultMeasuredWithCaveats()
    {
        ResultsModel model;
        model.reset({"GB/s"}, false, {"M"});
        ResultEvent throttled = okResult("M=2", 2e-3, 10, {2});
        throttled.result.resources = {{"throttled", 1}, {"throttle_reasons", 0x4}};
        model.appendResults({okResult("M=1", 2e-3, 10, {1}), throttled});
        const auto at = [&](int row, int role) {
            return model.data(model.index(row, ResultsModel::StatusColumn), role);
        };
        QCOMPARE(at(1, Qt::DisplayRole).toString(), QString("ok"));
        QVERIFY(!at(0, Qt::ToolTipRole).isValid());
        QVERIFY2(at(1, Qt::ToolTipRole).toString().contains("slowed down"),
                 qPrintable(at(1, Qt::ToolTipRole).toString()));
        const QIcon plain = at(0, Qt::DecorationRole).value<QIcon>();
        const QIcon caution = at(1, Qt::DecorationRole).value<QIcon>();
        QVERIFY(!caution.isNull());
        QVERIFY(plain.pixmap(16).toImage() != caution.pixmap(16).toImage());
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

    void reportsResourcesWhenPresent()
    {
        ResultsModel model;
        model.reset({}, true);
        ResultEvent event = okResult("BM=64", 1e-4, 0);
        event.result.resources = {{"registers", 96},     {"spill_stores", 8},
                                  {"spill_loads", 12},   {"static_shared", 4096},
                                  {"dynamic_shared", 0}, {"occupancy", 0.625}};
        ResultEvent failed = failedResult("BM=128");
        failed.result.resources = {{"registers", 255}}; // compile figures stay with a failure
        model.appendResults({event, failed, failedResult("BM=256")});
        const auto at = [&](int row, ResultsModel::ColumnKind kind) {
            return model.index(row, model.column(kind)).data().toString();
        };
        QCOMPARE(at(0, ResultsModel::Registers), QString("96"));
        QCOMPARE(at(0, ResultsModel::Spills), QString("20"));
        QCOMPARE(at(0, ResultsModel::SharedMemory), QString("4096"));
        QCOMPARE(at(0, ResultsModel::Occupancy), QString("63 %"));
        QCOMPARE(model.index(0, model.column(ResultsModel::Occupancy))
                     .data(ResultsModel::SortRole)
                     .toDouble(),
                 0.625);
        QCOMPARE(at(1, ResultsModel::Registers), QString("255"));
        QCOMPARE(at(1, ResultsModel::Spills), QString());
        QCOMPARE(at(2, ResultsModel::Registers), QString());
        QCOMPARE(model.headerData(model.column(ResultsModel::Spills), Qt::Horizontal).toString(),
                 QString("Spills (bytes)"));
    }

    // Spills > 0, registers at the limit and occupancy under 25 % mark their cell (a warning
    // background, the reason first in the tooltip, ResourceMarkRole); figures within bounds
    // and the other columns stay plain.
    void marksResourceCellsWorthALook()
    {
        ResultsModel model;
        model.reset({}, true);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ResultEvent plain = timed("BM=64", 0, 2e-4);
        plain.result.resources = {{"registers", 96},     {"spill_stores", 0},
                                  {"spill_loads", 0},    {"static_shared", 4096},
                                  {"dynamic_shared", 0}, {"occupancy", 0.25}};
        ResultEvent strained = timed("BM=256", 0, 3e-4);
        strained.result.resources = {{"registers", 255},    {"spill_stores", 16},
                                     {"spill_loads", 24},   {"static_shared", 16384},
                                     {"dynamic_shared", 0}, {"occupancy", 0.125}};
        model.appendResults({plain, strained});
        const auto cell = [&](int row, ResultsModel::ColumnKind kind) {
            return model.index(row, model.column(kind));
        };
        for (const auto kind :
             {ResultsModel::Registers, ResultsModel::Spills, ResultsModel::Occupancy}) {
            QVERIFY(!cell(0, kind).data(ResultsModel::ResourceMarkRole).isValid());
            QVERIFY(!cell(0, kind).data(Qt::ToolTipRole).isValid());
            const QString mark = cell(1, kind).data(ResultsModel::ResourceMarkRole).toString();
            QVERIFY(!mark.isEmpty());
            QVERIFY(cell(1, kind).data(Qt::ToolTipRole).toString().startsWith(mark));
            QVERIFY(cell(1, kind).data(Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush);
        }
        QVERIFY(cell(1, ResultsModel::Spills)
                    .data(ResultsModel::ResourceMarkRole)
                    .toString()
                    .contains(QStringLiteral("40 bytes")));
        QVERIFY(cell(1, ResultsModel::Registers)
                    .data(ResultsModel::ResourceMarkRole)
                    .toString()
                    .contains(QStringLiteral("255")));
        QVERIFY(cell(1, ResultsModel::Occupancy)
                    .data(ResultsModel::ResourceMarkRole)
                    .toString()
                    .contains(QStringLiteral("13 %")));
        // Shared memory has no limit of its own here; a non-resource cell is never marked.
        QVERIFY(
            !cell(1, ResultsModel::SharedMemory).data(ResultsModel::ResourceMarkRole).isValid());
        QVERIFY(!cell(1, ResultsModel::Median).data(ResultsModel::ResourceMarkRole).isValid());
        QVERIFY(!cell(1, ResultsModel::Median).data(Qt::BackgroundRole).isValid());
        // The best row (BM=64) keeps its highlight where nothing is marked.
        QVERIFY(cell(0, ResultsModel::Registers).data(Qt::BackgroundRole).isValid());
    }

    // A failure's message stays in the tooltip, after the mark.
    void aMarkedFailureKeepsItsMessage()
    {
        ResultsModel model;
        model.reset({}, true);
        ResultEvent failed = failedResult("BM=512");
        failed.result.status = ResultStatus::InvalidLaunch;
        failed.result.message = "too many resources requested for launch";
        failed.result.resources = {{"registers", 255}, {"occupancy", 0}};
        model.appendResults({failed});
        const QModelIndex registers = model.index(0, model.column(ResultsModel::Registers));
        const QString tip = registers.data(Qt::ToolTipRole).toString();
        QVERIFY(tip.startsWith(registers.data(ResultsModel::ResourceMarkRole).toString()));
        QVERIFY(tip.contains(QStringLiteral("too many resources")));
        // An invalid launch has no occupancy, so nothing to mark there.
        QVERIFY(!model.index(0, model.column(ResultsModel::Occupancy))
                     .data(ResultsModel::ResourceMarkRole)
                     .isValid());
    }

    // An invalid launch's occupancy (the backend stores 0) is no occupancy: "-", and no
    // number to sort by, so it sorts with the failures.
    void anInvalidLaunchHasNoOccupancy()
    {
        ResultsModel model;
        model.reset({}, true);
        ResultEvent invalid = failedResult("BM=1024");
        invalid.result.status = ResultStatus::InvalidLaunch;
        invalid.result.resources = {{"registers", 40}, {"occupancy", 0}};
        model.appendResults({invalid});
        const QModelIndex occupancy = model.index(0, model.column(ResultsModel::Occupancy));
        QCOMPARE(occupancy.data().toString(), QString("-"));
        QVERIFY(!occupancy.data(ResultsModel::SortRole).isValid());
        QCOMPARE(model.index(0, model.column(ResultsModel::Registers)).data().toString(),
                 QString("40"));
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
