#include "compare/compareview.h"
#include "compare/comparisonmodel.h"
#include "plots/groupedbarchart.h"
#include "plots/overlaidhistogram.h"
#include "session/sessioncontroller.h"
#include "session/sessionmetatypes.h"
#include "testpaths.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;

namespace {

CompareEntry entry(const QString &caption, double median, std::vector<double> samples)
{
    CompareEntry e;
    e.caption = caption;
    e.event.configKey = "BLOCK=" + caption.toStdString();
    e.event.result.summary = {median, median, median, 0, int(samples.size()), 0};
    e.event.result.samples = std::move(samples);
    return e;
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // Real results: the bundled example run by real workers, `maxConfigs` per problem size.
    QVector<CompareEntry> runExample(const QString &example, int maxConfigs)
    {
        SessionController controller;
        QSignalSpy results(&controller, &SessionController::resultArrived);
        QSignalSpy finished(&controller, &SessionController::finished);
        QSignalSpy failed(&controller, &SessionController::failed);
        RunRequest request;
        request.specPath =
            tbtest::sourceDir() + QStringLiteral("/resources/examples/%1/%1.json").arg(example);
        request.workspacePath = m_dir.filePath(example + QStringLiteral(".tbw"));
        request.workerPath = tbtest::workerPath();
        request.workers = 2;
        request.maxConfigs = maxConfigs;
        if (!controller.start(request))
            return {};
        if (!finished.wait(90000))
            qWarning() << "run did not finish:" << failed;
        QVector<CompareEntry> entries;
        for (const QList<QVariant> &args : results) {
            const auto event = args.at(0).value<ResultEvent>();
            entries.append({QStringLiteral("%1 #%2: %3")
                                .arg(example)
                                .arg(entries.size() + 1)
                                .arg(QString::fromStdString(event.configKey)),
                            event, QString()});
        }
        return entries;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void baselineComboDrivesTheModel()
    {
        CompareView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setResults(
            {entry("a", 2e-3, {2e-3}), entry("b", 3e-3, {3e-3}), entry("c", 1e-3, {1e-3})});
        QComboBox *combo = view.baselineCombo();
        QCOMPARE(combo->count(), 3);
        QCOMPARE(combo->currentIndex(), 0);
        QVERIFY(combo->isEnabled());
        QSignalSpy changed(&view, &CompareView::baselineChanged);

        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_Down);
        QCOMPARE(combo->currentIndex(), 1);
        QCOMPARE(view.baseline(), 1);
        QCOMPARE(view.model()->baseline(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(view.table()->model()->headerData(1, Qt::Horizontal).toString(),
                 QString("b (baseline)"));
        const int median = view.model()->rowForKey(QStringLiteral("median"));
        QCOMPARE(view.table()->model()->index(median, 2).data().toString(),
                 QString("1.00 ms  (-66.67%)")); // against b's 3 ms: (1 - 3) / 3

        view.setBaseline(2); // programmatic changes show in the combo
        QCOMPARE(combo->currentIndex(), 2);
        QCOMPARE(changed.count(), 2);

        view.setResults({entry("only", 1e-3, {1e-3})}); // one entry: nothing to choose
        QVERIFY(!combo->isEnabled());
        QCOMPARE(view.baseline(), 0);
    }

    void verdictsFollowTheBaseline()
    {
        CompareView view;
        view.setResults(
            {entry("a", 2e-3, {2e-3}), entry("b", 3e-3, {3e-3}), entry("c", 1e-3, {1e-3})});
        QStringList lines = view.verdicts()->text().split(QStringLiteral("<br>"));
        QCOMPARE(lines.size(), 2); // every result but the baseline a
        // The verdict's words (the slower's time over the faster's, minus one), then the
        // median's change as the table states it.
        QVERIFY2(lines.at(0).startsWith("b: 50.00% slower than the baseline (median +50.00%), "
                                        "beyond"),
                 qPrintable(lines.at(0)));
        QVERIFY2(lines.at(1).startsWith("c: 100.00% faster than the baseline (median -50.00%)"),
                 qPrintable(lines.at(1)));

        view.baselineCombo()->setCurrentIndex(2);
        lines = view.verdicts()->text().split(QStringLiteral("<br>"));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(0).startsWith("a: 100.00% slower"), qPrintable(lines.at(0)));

        view.setResults({entry("only", 1e-3, {1e-3})});
        QVERIFY(view.verdicts()->text().isEmpty());
        QVERIFY(view.verdicts()->isHidden());
    }

    // Results of several problem sizes are compared one size at a time (issue 18, item 17):
    // an N=4096 time against an N=1024 baseline read "+3637%".
    void comparesOneProblemSizeAtATime()
    {
        CompareView view;
        QVector<CompareEntry> entries{entry("a", 1e-3, {1e-3}), entry("b", 1.1e-3, {1.1e-3}),
                                      entry("c", 40e-3, {40e-3}), entry("d", 44e-3, {44e-3})};
        entries[0].sizeLabel = entries[1].sizeLabel = QStringLiteral("N=1024");
        entries[2].sizeLabel = entries[3].sizeLabel = QStringLiteral("N=4096");
        view.setResults(entries);
        view.show();
        QComboBox *size = view.sizeCombo();
        QVERIFY(size->isVisible());
        QCOMPARE(size->count(), 2);
        QCOMPARE(size->currentText(), QString("N=1024"));
        QCOMPARE(view.model()->columnCount(), 2);
        QCOMPARE(view.baselineCombo()->count(), 2);
        const int median = view.model()->rowForKey(QStringLiteral("median"));
        QVERIFY(
            std::fabs(
                view.model()->index(median, 1).data(ComparisonModel::DifferenceRole).toDouble() -
                10.0) < 1e-9);
        size->setCurrentIndex(1);
        QCOMPARE(view.model()->columnCount(), 2);
        QCOMPARE(view.baselineCombo()->itemText(0), QString("c"));
        QVERIFY(view.verdicts()->text().startsWith(QStringLiteral("d: 10.00% slower")));

        view.setResults({entry("x", 1e-3, {1e-3}), entry("y", 2e-3, {2e-3})}); // one size
        QVERIFY(size->isHidden());
        QCOMPARE(view.model()->columnCount(), 2);
    }

    void histogramHasOneSeriesPerEntry()
    {
        CompareView view;
        view.setResults({entry("a", 2e-3, {2e-3, 2.1e-3, 1.9e-3}), entry("b", 3e-3, {3e-3, 3.2e-3}),
                         entry("failed", 0, {})});
        OverlaidHistogram *histogram = view.histogram();
        QCOMPARE(histogram->seriesCount(), 3);
        QCOMPARE(histogram->seriesName(0), QString("a"));
        QCOMPARE(histogram->seriesName(1), QString("b"));
        QCOMPARE(histogram->seriesName(2), QString("failed (no samples)"));
        double total = 0;
        for (const double count : histogram->counts(0))
            total += count;
        QCOMPARE(total, 3.0);
        view.setResults({});
        QCOMPARE(histogram->seriesCount(), 0);
    }

    void copyAsTablePutsTabSeparatedTextOnTheClipboard()
    {
        CompareView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QApplication::clipboard()->clear();
        view.setResults({entry("a", 2e-3, {2e-3}), entry("b", 3e-3, {3e-3})});
        view.table()->setFocus();
        QTest::keyClick(view.table(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const QString text = QApplication::clipboard()->text();
        QCOMPARE(text, view.model()->toTabSeparated());
        const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QString("Field\ta\tb\tb vs a"));
        QVERIFY(lines.contains("median (s)\t0.002\t0.003\t50.00%"));

        QApplication::clipboard()->clear();
        view.copyAction()->trigger(); // the toolbar button and context menu use the action
        QCOMPARE(QApplication::clipboard()->text(), text);
        view.setResults({});
        QVERIFY(!view.copyAction()->isEnabled());
    }

    void realCpuRunFillsTableAndDistributions()
    {
        const QVector<CompareEntry> entries = runExample(QStringLiteral("matmul"), 2);
        QCOMPARE(entries.size(), 4); // two configs on each of two problem sizes
        CompareView view;
        view.setResults(entries);
        QCOMPARE(view.model()->columnCount(), 4);
        QCOMPARE(view.histogram()->seriesCount(), 4);
        for (int i = 0; i < entries.size(); ++i) {
            double counted = 0;
            for (const double count : view.histogram()->counts(i))
                counted += count;
            QCOMPARE(int(counted), int(entries.at(i).event.result.samples.size()));
        }
        const int median = view.model()->rowForKey(QStringLiteral("median"));
        QVERIFY(median >= 0);
        QVERIFY(view.model()->rowForKey(QStringLiteral("metric:GFLOP/s")) >= 0);
        QVERIFY(view.model()->index(median, 1).data(ComparisonModel::DifferenceRole).isValid());
        // A CPU kernel reports no registers: the bars give way to a note.
        QVERIFY(view.resourceBars()->isHidden());
    }

#if TUNEBENCH_HAVE_CUDA // a build without a CUDA toolkit compiles no CUDA kernel
    void realCudaCompileShowsRegisterAndSpillBars()
    {
        // No GPU here: the session compiles only (NVRTC) and reports real resource usage.
        const QVector<CompareEntry> entries = runExample(QStringLiteral("copy_scale"), 2);
        QVERIFY(entries.size() >= 2);
        CompareView view;
        view.setResults(entries);
        GroupedBarChart *bars = view.resourceBars();
        QVERIFY(!bars->isHidden());
        QCOMPARE(bars->categoryCount(), int(entries.size()));
        QCOMPARE(bars->seriesCount(), 3);
        QCOMPARE(bars->seriesName(0), QString("registers"));
        QCOMPARE(bars->barCount(0), int(entries.size()));
        const int registers = view.model()->rowForKey(QStringLiteral("resource:registers"));
        QVERIFY(registers >= 0);
        QVERIFY(view.model()->index(registers, 0).data(ComparisonModel::ValueRole).toDouble() > 0);
    }
#endif
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
