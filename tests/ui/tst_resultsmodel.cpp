#include "models/resultsmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace tb;

namespace {

ResultEvent okResult(const std::string &key, double median, double gbps)
{
    ResultEvent event;
    event.configKey = key;
    event.result.status = ResultStatus::Ok;
    event.result.summary.median = median;
    event.result.summary.min = median * 0.9;
    event.result.summary.stddev = median * 0.01;
    event.result.summary.count = 7;
    event.result.metrics["GB/s"] = gbps;
    return event;
}

ResultEvent failedResult(const std::string &key)
{
    ResultEvent event;
    event.configKey = key;
    event.result.status = ResultStatus::WrongResult;
    event.result.message = "output differs at index 3";
    return event;
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
        model.reset({"GB/s"}, false);
        QCOMPARE(model.columnCount(), 8);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.appendResults({okResult("M=1", 2e-3, 10), failedResult("M=2")});
        model.appendResults({});
        model.appendResults(
            {okResult("M=3", 5e-6, 30), okResult("M=4", 1.5, 1), failedResult("M=5")});
        QCOMPARE(inserted.count(), 2); // one insertion per non-empty batch
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(inserted.at(1).at(1).toInt(), 2);
        QCOMPARE(inserted.at(1).at(2).toInt(), 4);
        model.reset({}, true);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 9); // registers and spills
    }

    void formatsDisplayAndKeepsRawSortValues()
    {
        ResultsModel model;
        model.reset({"GB/s"}, false);
        model.setSizeLabel(0, "N=512");
        model.appendResults({okResult("M=1", 2.5e-3, 12.345), failedResult("M=2")});
        const auto at = [&](int row, int column, int role = Qt::DisplayRole) {
            return model.data(model.index(row, column), role);
        };
        QCOMPARE(at(0, ResultsModel::StatusColumn).toString(), QString("ok"));
        QCOMPARE(at(0, ResultsModel::SizeColumn).toString(), QString("N=512"));
        QCOMPARE(at(0, ResultsModel::ConfigColumn).toString(), QString("M=1"));
        QCOMPARE(at(0, ResultsModel::MedianColumn).toString(), QString("2.50 ms"));
        QCOMPARE(at(0, ResultsModel::MinColumn).toString(), QString("2.25 ms"));
        QCOMPARE(at(0, ResultsModel::StddevColumn).toString(), QString::fromUtf8("25.0 \u00b5s"));
        QCOMPARE(at(0, ResultsModel::SamplesColumn).toString(), QString("7"));
        QCOMPARE(at(0, ResultsModel::FirstMetricColumn).toString(), QString("12.3"));
        QCOMPARE(at(0, ResultsModel::MedianColumn, ResultsModel::SortRole).toDouble(), 2.5e-3);
        QCOMPARE(at(0, ResultsModel::FirstMetricColumn, ResultsModel::SortRole).toDouble(), 12.345);
        QCOMPARE(at(1, ResultsModel::StatusColumn).toString(), QString("wrong_result"));
        QCOMPARE(at(1, ResultsModel::MedianColumn).toString(), QString());
        QVERIFY(!at(1, ResultsModel::MedianColumn, ResultsModel::SortRole).isValid());
        QCOMPARE(at(1, ResultsModel::StatusColumn, Qt::ToolTipRole).toString(),
                 QString("output differs at index 3"));
        QCOMPARE(model.headerData(ResultsModel::FirstMetricColumn, Qt::Horizontal).toString(),
                 QString("GB/s"));
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
        proxy.sort(ResultsModel::MedianColumn, Qt::AscendingOrder);
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
        event.result.resources = {{"registers", 96}, {"spill_stores", 8}, {"spill_loads", 12}};
        model.appendResults({event, failedResult("BM=128")});
        const int registers = ResultsModel::FirstMetricColumn;
        QCOMPARE(model.index(0, registers).data().toString(), QString("96"));
        QCOMPARE(model.index(0, registers + 1).data().toString(), QString("20"));
        QCOMPARE(model.index(1, registers).data().toString(), QString());
        QCOMPARE(model.headerData(registers + 1, Qt::Horizontal).toString(),
                 QString("Spills (bytes)"));
    }
};

QTEST_GUILESS_MAIN(TestResultsModel)
#include "tst_resultsmodel.moc"
