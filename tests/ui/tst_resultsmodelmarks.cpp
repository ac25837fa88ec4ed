// The Results table's marks: an ok result measured with caveats, the resource columns
// (registers, spills, shared memory, occupancy) and the cells worth a look.
#include "models/resultsmodel.h"
#include "resultsmodeltesting.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QIcon>
#include <QTest>

using namespace tb;
using namespace tbtest;

class TestResultsModelMarks : public QObject
{
    Q_OBJECT
private slots:
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

    // A median's confidence interval over 10 % either way marks the row (the caveat icon and
    // tooltip, the engine's caveat) and its uncertainty cell (issue 34, item 14).
    void marksAWideConfidenceInterval()
    {
        ResultsModel model;
        model.reset({"GB/s"}, false, {"M"});
        ResultEvent narrow = okResult("M=1", 2e-3, 10, {1});
        narrow.result.summary.relativeHalfWidth = 0.02;
        ResultEvent wide = okResult("M=2", 2e-3, 10, {2});
        wide.result.summary.relativeHalfWidth = 0.88;
        ResultEvent wider = okResult("M=3", 2e-3, 10, {3});
        wider.result.summary.relativeHalfWidth = 3.42;
        model.appendResults({narrow, wide, wider});
        const auto status = [&](int row, int role) {
            return model.data(model.index(row, ResultsModel::StatusColumn), role);
        };
        const int uncertainty = model.column(ResultsModel::Uncertainty);
        const auto cell = [&](int row, int role) {
            return model.data(model.index(row, uncertainty), role);
        };
        QVERIFY(!status(0, Qt::ToolTipRole).isValid());
        QVERIFY(!cell(0, ResultsModel::ResourceMarkRole).isValid());
        const QIcon plain = status(0, Qt::DecorationRole).value<QIcon>();
        for (const int row : {1, 2}) {
            const QString expected = row == 1 ? QStringLiteral("88") : QStringLiteral("342");
            QVERIFY2(status(row, Qt::ToolTipRole).toString().contains("+-" + expected + "%"),
                     qPrintable(status(row, Qt::ToolTipRole).toString()));
            const QIcon caution = status(row, Qt::DecorationRole).value<QIcon>();
            QVERIFY(plain.pixmap(16).toImage() != caution.pixmap(16).toImage());
            const QString mark = cell(row, ResultsModel::ResourceMarkRole).toString();
            QVERIFY2(mark.contains(expected + " %"), qPrintable(mark));
            QVERIFY(cell(row, Qt::ToolTipRole).toString().startsWith(mark));
            QVERIFY(cell(row, Qt::BackgroundRole).isValid());
        }
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
};

QTEST_MAIN(TestResultsModelMarks)
#include "tst_resultsmodelmarks.moc"
