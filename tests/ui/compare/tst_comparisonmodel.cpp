#include "compare/comparisonmodel.h"
#include "measure/statistics.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QFont>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

using namespace tb;

namespace {

CompareEntry measured(const QString &caption, const std::string &key, double median, double gbps)
{
    CompareEntry entry;
    entry.caption = caption;
    entry.event.configKey = key;
    Result &result = entry.event.result;
    result.status = ResultStatus::Ok;
    result.timer = "steady_clock";
    result.summary = {median, median * 0.9, median * 1.05, median * 0.02, 10, 0.01};
    result.samples = {median, median * 0.9, median * 1.1};
    result.metrics["GB/s"] = gbps;
    return entry;
}

CompareEntry withResources(CompareEntry entry, double registers, double spills, double occupancy)
{
    auto &resources = entry.event.result.resources;
    resources["registers"] = registers;
    resources["spill_stores"] = spills;
    resources["spill_loads"] = spills / 2;
    resources["occupancy"] = occupancy;
    return entry;
}

// Run 3's BM=64 as baseline, a slower and a faster config: the three cases of every row.
QVector<CompareEntry> threeEntries()
{
    return {withResources(measured("run 3: BM=64", "BM=64,BN=32", 2e-3, 100), 40, 0, 0.5),
            withResources(measured("run 3: BM=32", "BM=32,BN=32", 3e-3, 80), 64, 48, 0.25),
            withResources(measured("run 4: BM=16", "BM=16,BN=32", 1e-3, 200), 32, 0, 1.0)};
}

QVariant cell(const ComparisonModel &model, const QString &key, int column, int role)
{
    const int row = model.rowForKey(key);
    return row < 0 ? QVariant(QStringLiteral("no row %1").arg(key))
                   : model.data(model.index(row, column), role);
}

} // namespace

class TestComparisonModel : public QObject
{
    Q_OBJECT
private slots:
    void staysConsistentUnderTheTester()
    {
        ComparisonModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.columnCount(), 0);
        QCOMPARE(model.baseline(), -1);
        model.setEntries(threeEntries());
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.rowCount(), 15);
        model.setBaseline(2);
        model.setMetricDirection(QStringLiteral("GB/s"), MetricDirection::LowerIsBetter);
        model.setEntries({threeEntries().first()});
        QCOMPARE(model.columnCount(), 1);
        model.setEntries({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.baseline(), -1);
    }

    void listsParametersFiguresAndResourcesInReadingOrder()
    {
        ComparisonModel model;
        QVector<CompareEntry> entries = threeEntries();
        entries[2].event.configKey = "BM=16,BN=32,BK=8"; // another run's spec: one more param
        model.setEntries(entries);
        const QStringList expectedOrder{"param:BM",
                                        "param:BN",
                                        "param:BK",
                                        "status",
                                        "timer",
                                        "median",
                                        "min",
                                        "mean",
                                        "stddev",
                                        "samples",
                                        "ci",
                                        "metric:GB/s",
                                        "resource:registers",
                                        "resource:spill_stores",
                                        "resource:spill_loads",
                                        "resource:occupancy"};
        int previous = -1;
        for (const QString &key : expectedOrder) {
            const int row = model.rowForKey(key);
            QVERIFY2(row > previous, qPrintable(key));
            previous = row;
        }
        QCOMPARE(model.rowCount(), expectedOrder.size()); // nothing no entry reported
        QCOMPARE(model.rowForKey(QStringLiteral("size")), -1);
        QCOMPARE(cell(model, "param:BK", 0, Qt::DisplayRole).toString(), QString());
        QCOMPARE(cell(model, "param:BK", 2, Qt::DisplayRole).toString(), QString("8"));
        QCOMPARE(
            model.headerData(model.rowForKey("resource:spill_stores"), Qt::Vertical).toString(),
            QString("spill stores"));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(),
                 QString("run 3: BM=64 (baseline)"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QString("run 3: BM=32"));
    }

    void computesPercentagesAgainstTheBaseline()
    {
        ComparisonModel model;
        model.setEntries(threeEntries());
        QCOMPARE(model.baseline(), 0);
        // Baseline cells carry no difference; every figure, times included, is a change
        // (x - base) / |base| (relativeChange()): 1 ms against 2 ms is -50%.
        QVERIFY(!cell(model, "median", 0, ComparisonModel::DifferenceRole).isValid());
        QCOMPARE(cell(model, "median", 1, ComparisonModel::DifferenceRole).toDouble(), 50.0);
        QCOMPARE(cell(model, "median", 2, ComparisonModel::DifferenceRole).toDouble(), -50.0);
        QCOMPARE(cell(model, "metric:GB/s", 1, ComparisonModel::DifferenceRole).toDouble(), -20.0);
        QCOMPARE(cell(model, "metric:GB/s", 2, ComparisonModel::DifferenceRole).toDouble(), 100.0);
        QCOMPARE(cell(model, "resource:registers", 1, ComparisonModel::DifferenceRole).toDouble(),
                 60.0);
        QCOMPARE(cell(model, "median", 0, Qt::DisplayRole).toString(), QString("2.00 ms"));
        QCOMPARE(cell(model, "median", 1, Qt::DisplayRole).toString(),
                 QString("3.00 ms  (+50.00%)"));
        QCOMPARE(cell(model, "median", 2, Qt::DisplayRole).toString(),
                 QString("1.00 ms  (-50.00%)"));
        QCOMPARE(cell(model, "metric:GB/s", 2, Qt::DisplayRole).toString(),
                 QString("200  (+100%)"));
        QCOMPARE(cell(model, "resource:occupancy", 1, Qt::DisplayRole).toString(),
                 QString("25.0%  (-50.00%)"));
        QCOMPARE(cell(model, "median", 1, ComparisonModel::ValueRole).toDouble(), 3e-3);
        // No percentage of a zero baseline: 48 B of spills against none.
        QVERIFY(
            !cell(model, "resource:spill_stores", 1, ComparisonModel::DifferenceRole).isValid());
        QCOMPARE(cell(model, "resource:spill_stores", 1, Qt::DisplayRole).toString(),
                 QString("48 B"));
        QCOMPARE(
            cell(model, "resource:spill_stores", 2, ComparisonModel::DifferenceRole).toDouble(),
            0.0);
        QVERIFY(cell(model, "median", 1, Qt::ToolTipRole).toString().contains("run 3: BM=64"));
    }

    // Issue 34, item 10: a median falling from 755 to 661 us read "-14.30%" and a mean from
    // 1.81 ms to 987 us "-82.84%" (the slower over the faster): speedups shown as changes.
    void timesChangeAsEveryOtherFigure()
    {
        CompareEntry base = measured("base", "BM=64", 755e-6, 100);
        base.event.result.summary.mean = 1.81e-3;
        CompareEntry faster = measured("faster", "BM=32", 661e-6, 100);
        faster.event.result.summary.mean = 987e-6;
        ComparisonModel model;
        model.setEntries({base, faster});
        QCOMPARE(cell(model, "median", 1, Qt::DisplayRole).toString(),
                 QString("661 µs  (-12.45%)"));
        QCOMPARE(cell(model, "mean", 1, Qt::DisplayRole).toString(), QString("987 µs  (-45.47%)"));
        QVERIFY(model.toTabSeparated().contains("\t-12.45%\n"));
    }

    void switchingTheBaselineRecomputesEveryCell()
    {
        ComparisonModel model;
        model.setEntries(threeEntries());
        QSignalSpy changed(&model, &ComparisonModel::baselineChanged);
        QSignalSpy data(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
        model.setBaseline(1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toInt(), 1);
        QCOMPARE(data.count(), 1);
        QCOMPARE(headers.count(), 1);
        QCOMPARE(model.baseline(), 1);
        QVERIFY(!cell(model, "median", 1, ComparisonModel::DifferenceRole).isValid());
        // Against the 3 ms baseline: 1 ms is -66.67%, 2 ms -33.33%.
        QVERIFY(std::abs(cell(model, "median", 2, ComparisonModel::DifferenceRole).toDouble() +
                         200.0 / 3) < 1e-9);
        QCOMPARE(cell(model, "median", 0, Qt::DisplayRole).toString(),
                 QString("2.00 ms  (-33.33%)"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(),
                 QString("run 3: BM=32 (baseline)"));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QString("run 3: BM=64"));
        QVERIFY(model.headerData(1, Qt::Horizontal, Qt::FontRole).value<QFont>().bold());
        // The spill baseline is now 48 B: the others are 100% below it.
        QCOMPARE(
            cell(model, "resource:spill_stores", 0, ComparisonModel::DifferenceRole).toDouble(),
            -100.0);
        model.setBaseline(1); // no change, no signal
        model.setBaseline(7); // out of range: ignored
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.baseline(), 1);
    }

    void coloursFollowEachFiguresDirection()
    {
        ComparisonModel model;
        model.setEntries(threeEntries());
        const auto verdict = [&](const QString &key, int column) {
            return cell(model, key, column, ComparisonModel::VerdictRole).toInt();
        };
        // Time: lower is better.
        QCOMPARE(verdict("median", 1), int(ComparisonModel::Worse));
        QCOMPARE(verdict("median", 2), int(ComparisonModel::Better));
        // Throughput: higher is better.
        QCOMPARE(verdict("metric:GB/s", 1), int(ComparisonModel::Worse));
        QCOMPARE(verdict("metric:GB/s", 2), int(ComparisonModel::Better));
        // Spills lower, occupancy higher; registers are a trade-off; samples neutral.
        QCOMPARE(verdict("resource:spill_stores", 1), int(ComparisonModel::Worse));
        QCOMPARE(verdict("resource:spill_stores", 2), int(ComparisonModel::Same));
        QCOMPARE(verdict("resource:occupancy", 2), int(ComparisonModel::Better));
        QCOMPARE(verdict("resource:registers", 1), int(ComparisonModel::NotRated));
        QCOMPARE(verdict("samples", 1), int(ComparisonModel::NotRated));
        QCOMPARE(verdict("median", 0), int(ComparisonModel::NotRated)); // the baseline

        const QColor better = cell(model, "median", 2, Qt::ForegroundRole).value<QBrush>().color();
        const QColor worse = cell(model, "median", 1, Qt::ForegroundRole).value<QBrush>().color();
        QVERIFY(better.green() > better.red());
        QVERIFY(worse.red() > worse.green());
        QCOMPARE(cell(model, "metric:GB/s", 2, Qt::ForegroundRole).value<QBrush>().color(), better);
        QVERIFY(!cell(model, "resource:registers", 1, Qt::ForegroundRole).isValid());

        // The spec says this metric is minimised: the verdicts flip.
        model.setMetricDirection(QStringLiteral("GB/s"), MetricDirection::LowerIsBetter);
        QCOMPARE(verdict("metric:GB/s", 1), int(ComparisonModel::Better));
        QCOMPARE(verdict("metric:GB/s", 2), int(ComparisonModel::Worse));
        model.setEntries(threeEntries()); // the override outlives new entries
        QCOMPARE(verdict("metric:GB/s", 2), int(ComparisonModel::Worse));
    }

    void guessesMetricDirectionsFromNames()
    {
        QCOMPARE(guessMetricDirection("GB/s"), MetricDirection::HigherIsBetter);
        QCOMPARE(guessMetricDirection("GFLOP/s"), MetricDirection::HigherIsBetter);
        QCOMPARE(guessMetricDirection("effective bandwidth"), MetricDirection::HigherIsBetter);
        QCOMPARE(guessMetricDirection("items per second"), MetricDirection::HigherIsBetter);
        QCOMPARE(guessMetricDirection("time"), MetricDirection::LowerIsBetter);
        QCOMPARE(guessMetricDirection("latency_us"), MetricDirection::LowerIsBetter);
        QCOMPARE(guessMetricDirection("ms"), MetricDirection::LowerIsBetter);
        QCOMPARE(guessMetricDirection("bytes moved"), MetricDirection::Neutral);
    }

    void failedEntriesShowStatusAndNoTimings()
    {
        ComparisonModel model;
        QVector<CompareEntry> entries = threeEntries();
        CompareEntry failed;
        failed.caption = QStringLiteral("run 5: BM=128");
        failed.event.configKey = "BM=128,BN=32";
        failed.event.result.status = ResultStatus::CompileError;
        failed.event.result.message = "too many resources";
        entries << failed;
        model.setEntries(entries);
        QCOMPARE(cell(model, "status", 3, Qt::DisplayRole).toString(), QString("compile_error"));
        QVERIFY(cell(model, "status", 3, Qt::FontRole).value<QFont>().bold()); // differs
        QVERIFY(!cell(model, "status", 1, Qt::FontRole).isValid());            // same as base
        QVERIFY(cell(model, "param:BM", 1, Qt::FontRole).value<QFont>().bold());
        QVERIFY(!cell(model, "param:BN", 1, Qt::FontRole).isValid());
        QCOMPARE(cell(model, "median", 3, Qt::DisplayRole).toString(), QString());
        QVERIFY(!cell(model, "median", 3, ComparisonModel::DifferenceRole).isValid());
        QCOMPARE(cell(model, "median", 3, ComparisonModel::VerdictRole).toInt(),
                 int(ComparisonModel::NotRated));
    }

    // Two samples bound no interval (kUnboundedRelativeHalfWidth): "unbounded", no percentage.
    void aMedianFromTooFewSamplesHasAnUnboundedInterval()
    {
        ComparisonModel model;
        QVector<CompareEntry> entries = threeEntries();
        entries[1].event.result.summary.relativeHalfWidth = kUnboundedRelativeHalfWidth;
        entries[2].event.result.summary.relativeHalfWidth = kUnboundedRelativeHalfWidth;
        model.setEntries(entries);
        QCOMPARE(cell(model, "ci", 0, Qt::DisplayRole).toString(), QString("1.0%"));
        QCOMPARE(cell(model, "ci", 1, Qt::DisplayRole).toString(), QString("unbounded"));
        QVERIFY(!cell(model, "ci", 1, ComparisonModel::DifferenceRole).isValid());
        QCOMPARE(cell(model, "ci", 1, ComparisonModel::VerdictRole).toInt(),
                 int(ComparisonModel::Worse));
        model.setBaseline(1);
        QCOMPARE(cell(model, "ci", 2, ComparisonModel::VerdictRole).toInt(),
                 int(ComparisonModel::Same));
    }

    void copiesAsTabSeparatedRawNumbers()
    {
        ComparisonModel model;
        QVector<CompareEntry> entries = threeEntries();
        entries[1].caption = QStringLiteral("tab\there"); // would split a cell
        model.setEntries(entries);
        const QStringList lines = model.toTabSeparated().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), model.rowCount() + 1);
        QCOMPARE(lines.at(0).split('\t'),
                 QStringList({"Field", "run 3: BM=64", "tab here", "run 4: BM=16",
                              "tab here vs run 3: BM=64", "run 4: BM=16 vs run 3: BM=64"}));
        const QStringList median = lines.at(model.rowForKey("median") + 1).split('\t');
        QCOMPARE(median,
                 QStringList({"median (s)", "0.002", "0.003", "0.001", "50.00%", "-50.00%"}));
        const QStringList bm = lines.at(model.rowForKey("param:BM") + 1).split('\t');
        QCOMPARE(bm, QStringList({"BM", "64", "32", "16", "", ""}));
        for (const QString &line : lines)
            QCOMPARE(line.count('\t'), 5);
    }
};

QTEST_MAIN(TestComparisonModel)
#include "tst_comparisonmodel.moc"
