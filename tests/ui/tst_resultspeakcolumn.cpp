// The Results table's "% of peak": a rate metric against the device's matching peak, the
// objective's metric first, a share above 100 % marked (likely L2-resident), and a run without
// the peak saying how to give it, and peaks learned while the run goes (a launched CUDA run).
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "resultsmodeltesting.h"
#include "session/specoutline.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace tb;
using tbtest::headers;

namespace {

ResultEvent measuredAt(const std::string &key, double gbps, double gflops)
{
    ResultEvent event;
    event.configKey = key;
    event.config.values = {1};
    event.result.status = ResultStatus::Ok;
    event.result.summary.median = 1e-3;
    event.result.summary.count = 5;
    event.result.metrics = {{"GB/s", gbps}, {"GFLOP/s", gflops}};
    event.objective = gbps;
    return event;
}

// A bandwidth-bound kernel's spec: GB/s maximised, GFLOP/s beside it, the peaks given.
Spec bandwidthSpec()
{
    Spec spec;
    spec.parameters.resize(1);
    spec.parameters[0].name = "M";
    spec.metrics = {{"GFLOP/s", "1", ""}, {"GB/s", "1", ""}};
    spec.objective = {"GB/s", false};
    spec.peaks.bytesPerSecond = 2e12;
    spec.peaks.bytesSource = kPeakFromSpec;
    return spec;
}

} // namespace

class TestResultsPeakColumn : public QObject
{
    Q_OBJECT

private slots:
    void theObjectiveComesFirstAndPeakAfterBest()
    {
        ResultsModel model;
        model.reset(specOutline(bandwidthSpec()));
        QCOMPARE(headers(model),
                 QStringList({"Status", "Size", "Config", "M", "GB/s", "Median", "% of best",
                              "% of peak", QString::fromUtf8("\u00b1 CI"), "Min", "Stddev",
                              "Samples", "GFLOP/s", "Message"}));
        QCOMPARE(model.columnId(7), QString("pct_of_peak"));
        QCOMPARE(model.column(ResultsModel::Metric, 1), 4);
        QCOMPARE(model.peakMetric(), 1);
        QCOMPARE(model.bestFirstOrder(4), Qt::DescendingOrder);
        // A time objective keeps the time first.
        Spec timeSpec = bandwidthSpec();
        timeSpec.objective = {};
        model.reset(specOutline(timeSpec));
        QCOMPARE(headers(model).indexOf("Median"), 4);
        QCOMPARE(model.peakMetric(), 0); // the FLOP rate, the objective being no rate
    }

    void sharesOfThePeakAndAboveIt()
    {
        ResultsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reset(specOutline(bandwidthSpec()));
        const int peak = model.column(ResultsModel::PercentOfPeak);
        QVERIFY(peak > 0);
        ResultEvent failed = measuredAt("M=3", 0, 0);
        failed.result.status = ResultStatus::WrongResult;
        model.appendResults({measuredAt("M=1", 1500, 1), measuredAt("M=2", 3500, 1), failed});
        const auto at = [&](int row, int role = Qt::DisplayRole) {
            return model.data(model.index(row, peak), role);
        };
        QCOMPARE(at(0).toString(), QString("75.0 %"));
        QCOMPARE(at(0, ResultsModel::SortRole).toDouble(), 0.75);
        QVERIFY(!at(0, ResultsModel::ResourceMarkRole).isValid());
        // 3,500 GB/s on a 2,000 GB/s device: no DRAM figure, and the cell says so.
        QCOMPARE(at(1).toString(), QString("175.0 %"));
        QVERIFY(at(1, ResultsModel::ResourceMarkRole).toString().contains("L2 cache"));
        QVERIFY(at(1, Qt::ToolTipRole).toString().contains("above it"));
        QVERIFY(at(2).toString().isEmpty());
        QVERIFY(!at(2, ResultsModel::SortRole).isValid());
        const QString tip = model.headerData(peak, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("DRAM bandwidth: 2 TB/s DRAM (spec)"), qPrintable(tip));
    }

    void aRunWithoutThePeakSaysHowToGiveIt()
    {
        ResultsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Spec spec = bandwidthSpec();
        spec.peaks = {};
        SpecOutline outline = specOutline(spec);
        outline.peaks.flopsPerSecond = 1e12; // a device peak of the other kind only
        model.reset(outline);
        const int peak = model.column(ResultsModel::PercentOfPeak);
        QVERIFY(peak > 0);
        model.appendResults({measuredAt("M=1", 1500, 1)});
        QVERIFY(model.index(0, peak).data().toString().isEmpty());
        const QString tip = model.headerData(peak, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("\"peaks\": {\"gbps\": ...}"), qPrintable(tip));
        // A spec without a rate metric has no such column.
        spec.metrics = {{"elements", "N", ""}};
        spec.objective = {};
        model.reset(specOutline(spec));
        QCOMPARE(model.column(ResultsModel::PercentOfPeak), -1);
    }

    // A launched CUDA run knows its GPU's peaks only once its workers said hello: the feed
    // gets them after results are in, and the column judges those results from then on.
    void peaksLearnedDuringTheRun()
    {
        ResultsFeed feed;
        QAbstractItemModelTester tester(feed.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        Spec spec = bandwidthSpec();
        spec.peaks = {};
        feed.reset(specOutline(spec));
        feed.append({measuredAt("M=1", 1500, 1)});
        ResultsModel &model = *feed.model();
        const int peak = model.column(ResultsModel::PercentOfPeak);
        QVERIFY(model.index(0, peak).data().toString().isEmpty());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy told(&feed, &ResultsFeed::peaksChanged);
        DevicePeaks h100;
        h100.bytesPerSecond = 3e12;
        h100.bytesSource = kPeakFromDevice;
        feed.setPeaks(h100);
        QCOMPARE(told.count(), 1);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(model.index(0, peak).data().toString(), QString("50.0 %"));
        QCOMPARE(feed.outline().peaks.bytesPerSecond, std::optional<double>(3e12));
    }
};

QTEST_MAIN(TestResultsPeakColumn)
#include "tst_resultspeakcolumn.moc"
