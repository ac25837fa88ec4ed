// From a result to its code (issue 21, item 5), through the window: the Results table's row
// actions compile a result's configuration in the Kernel page, copy its -D flags and launch
// geometry, and make it the Compare page's baseline; the Kernel page shows what the run on
// show measured for the configuration it picked. Results are handed to the window's feed as a
// run would, for the bundled CPU matmul example (cut down) and the CUDA sgemm example (no GPU
// needed: nothing is measured).
#include "compare/compareview.h"
#include "compare/comparisonmodel.h"
#include "kernel/configpicker.h"
#include "kernel/kernelpage.h"
#include "kernel/measuredfiguresview.h"
#include "mainwindow.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "results/resultrowactions.h"
#include "results/resultsfilterproxy.h"
#include "results/resultspage.h"
#include "session/specoutline.h"
#include "smallmatmulspec.h"
#include "testfiles.h"
#include "testpaths.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;

namespace {

ResultEvent okEvent(std::vector<double> values, const std::string &key, std::size_t size,
                    double median)
{
    ResultEvent event;
    event.sizeIndex = size;
    event.config.values = std::move(values);
    event.configKey = key;
    event.result.samples = {median * 0.99, median, median * 1.01};
    event.result.summary = {median, median * 0.99, median, median * 0.01, 3, 0.01};
    event.objective = median;
    return event;
}

SpecOutline outline(const QStringList &parameters, bool cuda)
{
    SpecOutline outline;
    outline.name = QStringLiteral("code link");
    outline.parameterNames = parameters;
    outline.cuda = cuda;
    return outline;
}

} // namespace

class TestResultCodeLink : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // A window with `spec` open (the Kernel page follows once the spec validates) and
    // `events` on show, as a run of it would hand them over.
    static bool open(MainWindow &window, const QString &spec, const SpecOutline &shape,
                     const QVector<ResultEvent> &events)
    {
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        window.setSpecPath(spec);
        KernelPage *kernel = window.specPages()->kernelPage();
        if (!QTest::qWaitFor([kernel] { return kernel->hasSpec(); }, 10000))
            return false;
        ResultsFeed *feed = window.runPage()->feed();
        feed->reset(shape);
        feed->setSizeLabel(0, QStringLiteral("N=256"));
        feed->setSizeLabel(1, QStringLiteral("N=512"));
        feed->append(events);
        return true;
    }

    // Makes the Results table's row of this result current (and the only one selected).
    static void makeCurrent(MainWindow &window, const std::string &key, std::size_t size)
    {
        ResultsPage *page = window.resultsPage();
        QVERIFY(page->selectResult(QString::fromStdString(key), size));
    }

    static ResultRowActions *actions(MainWindow &window)
    {
        return window.resultsPage()->rowActions();
    }

    // A matmul window with two ok results and a failure, all at N=512.
    QString matmulWindow(MainWindow &window)
    {
        const QString spec = tbtest::writeSmallMatmulSpec(m_dir.path());
        ResultEvent failed;
        failed.sizeIndex = 1;
        failed.config.values = {64, 128, 32, 1};
        failed.configKey = "BM=64,BN=128,BK=32,UNROLL=1";
        failed.result.status = ResultStatus::CompileError;
        failed.result.message = "matmul.c:40:3: error: expected ';'";
        failed.objective = std::nan("");
        const QVector<ResultEvent> events{
            okEvent({32, 64, 16, 4}, "BM=32,BN=64,BK=16,UNROLL=4", 1, 2e-3),
            okEvent({16, 32, 16, 1}, "BM=16,BN=32,BK=16,UNROLL=1", 1, 4e-3), failed};
        const bool opened =
            open(window, spec, outline({"BM", "BN", "BK", "UNROLL"}, false), events);
        window.specPages()->kernelPage()->setCacheDirectory(m_dir.filePath("cache"));
        return opened ? spec : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void copyDefineFlagsPutsTheBuildsFlagsOnTheClipboard()
    {
        MainWindow window;
        QVERIFY(!matmulWindow(window).isEmpty());
        makeCurrent(window, "BM=32,BN=64,BK=16,UNROLL=4", 1);
        actions(window)->copyDefinesAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(),
                 QStringLiteral("-DBM=32 -DBN=64 -DBK=16 -DUNROLL=4"));
        // A failure's flags too: what to build by hand to see why.
        makeCurrent(window, "BM=64,BN=128,BK=32,UNROLL=1", 1);
        QVERIFY(actions(window)->copyDefinesAction()->isEnabled());
        QVERIFY(actions(window)->compileAction()->isEnabled());
        QVERIFY(!actions(window)->baselineAction()->isEnabled());
        QVERIFY(!actions(window)->copyLaunchAction()->isEnabled()); // a cpu kernel
        actions(window)->copyDefinesAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(),
                 QStringLiteral("-DBM=64 -DBN=128 -DBK=32 -DUNROLL=1"));
    }

    // Compile in Kernel page: the Kernel page shows, with the result's configuration and size
    // picked, compiles them, and shows the measured figures beside the resources.
    void compileInKernelPageSwitchesPicksAndCompiles()
    {
        MainWindow window;
        QVERIFY(!matmulWindow(window).isEmpty());
        KernelPage *kernel = window.specPages()->kernelPage();
        QSignalSpy started(kernel, &KernelPage::compileStarted);
        QSignalSpy finished(kernel, &KernelPage::compileFinished);
        window.pages()->setCurrentWidget(window.resultsPage());
        makeCurrent(window, "BM=32,BN=64,BK=16,UNROLL=4", 1);
        actions(window)->compileAction()->trigger();
        QCOMPARE(window.pages()->currentWidget(), kernel);
        QCOMPARE(kernel->configPicker()->configuration().values,
                 (std::vector<double>{32, 64, 16, 4}));
        QCOMPARE(kernel->configPicker()->sizeIndex(), std::size_t(1));
        QCOMPARE(started.count(), 1);
        QVERIFY(finished.wait(60000)); // the host compiler builds it

        const MeasuredFiguresView *measured = kernel->measuredView();
        const ResultsModel *model = window.runPage()->resultsModel();
        QCOMPARE(measured->shownRow(), 0);
        QCOMPARE(measured->figure("status"), QStringLiteral("ok"));
        QCOMPARE(measured->figure("median"),
                 model->index(0, model->column(ResultsModel::Median)).data().toString());
        QVERIFY(!measured->figure("median").isEmpty());
        QCOMPARE(measured->figure("percent_of_best"),
                 model->index(0, model->column(ResultsModel::PercentOfBest)).data().toString());
        QVERIFY(measured->headline().contains(QStringLiteral("N=512")));
    }

    // The measured figures follow the picker: the slower result's, a failure's, then none.
    void theKernelPageShowsWhatTheRunMeasuredForItsPick()
    {
        MainWindow window;
        QVERIFY(!matmulWindow(window).isEmpty());
        KernelPage *kernel = window.specPages()->kernelPage();
        const QStringList names{"BM", "BN", "BK", "UNROLL"};
        const MeasuredFiguresView *measured = kernel->measuredView();
        const ResultsModel *model = window.runPage()->resultsModel();

        QVERIFY(kernel->pickConfiguration(names, Configuration{{16, 32, 16, 1}}, 1));
        QCOMPARE(measured->shownRow(), 1);
        QCOMPARE(measured->figure("median"),
                 model->index(1, model->column(ResultsModel::Median)).data().toString());
        QVERIFY(!measured->figure("percent_of_best").isEmpty());
        QVERIFY(measured->figure("message").isEmpty());

        QVERIFY(kernel->pickConfiguration(names, Configuration{{64, 128, 32, 1}}, 1));
        QCOMPARE(measured->shownRow(), 2);
        QCOMPARE(measured->figure("status"), QStringLiteral("compile_error"));
        QVERIFY(measured->figure("message").contains(QStringLiteral("expected ';'")));

        kernel->configPicker()->setSizeIndex(0); // nothing ran at N=256
        QCOMPARE(measured->shownRow(), -1);
        QVERIFY(measured->figure("status").isEmpty());
        QVERIFY(measured->headline().contains(QStringLiteral("no result")));

        // A result arriving later is found.
        window.runPage()->feed()->append(
            {okEvent({64, 128, 32, 1}, "BM=64,BN=128,BK=32,UNROLL=1", 0, 1e-3)});
        QCOMPARE(measured->shownRow(), 3);
        QCOMPARE(measured->figure("status"), QStringLiteral("ok"));

        // Another spec's configuration is refused, not picked by its values.
        QVERIFY(
            !kernel->pickConfiguration({"A", "B", "C", "D"}, Configuration{{16, 32, 16, 1}}, 1));
    }

    // Set as baseline: alone, the result joins the results compared as their baseline; among
    // several selected rows, those are compared with it as the baseline.
    void setAsBaselineSelectsItInTheComparePage()
    {
        MainWindow window;
        QVERIFY(!matmulWindow(window).isEmpty());
        CompareView *compare = window.compareView();
        makeCurrent(window, "BM=16,BN=32,BK=16,UNROLL=1", 1);
        QVERIFY(actions(window)->baselineAction()->isEnabled());
        actions(window)->baselineAction()->trigger();
        QCOMPARE(window.pages()->currentWidget(), compare);
        QCOMPARE(compare->model()->entries().size(), 1);
        QCOMPARE(compare->baselineCombo()->currentText(),
                 QStringLiteral("BM=16,BN=32,BK=16,UNROLL=1"));

        // Both ok rows selected, the second current: compared, the current one the baseline.
        ResultsPage *results = window.resultsPage();
        makeCurrent(window, "BM=32,BN=64,BK=16,UNROLL=4", 1);
        const QModelIndex other =
            results->proxy()->mapFromSource(window.runPage()->resultsModel()->index(1, 0));
        results->view()->selectionModel()->setCurrentIndex(other, QItemSelectionModel::Select |
                                                                      QItemSelectionModel::Rows);
        QCOMPARE(results->selectedResults().size(), 2);
        actions(window)->baselineAction()->trigger();
        QCOMPARE(compare->model()->entries().size(), 2);
        QCOMPARE(compare->baselineCombo()->currentText(),
                 QStringLiteral("BM=16,BN=32,BK=16,UNROLL=1"));
        QCOMPARE(compare->baseline(), 1);

        // A result not yet compared joins them as the baseline.
        results->selectResult(QStringLiteral("BM=32,BN=64,BK=16,UNROLL=4"), 1);
        actions(window)->baselineAction()->trigger();
        QCOMPARE(compare->model()->entries().size(), 2); // already among them
        QCOMPARE(compare->baselineCombo()->currentText(),
                 QStringLiteral("BM=32,BN=64,BK=16,UNROLL=4"));
    }

    // A CUDA spec: the flags as NVRTC gets them (template parameters under their own macro
    // names, and the template's instantiation) and the grid and block of the spec's launch
    // expressions.
    void aCudaResultsFlagsAndLaunchGeometry()
    {
        const QString spec = tbtest::copyExample(QStringLiteral("sgemm"), m_dir.filePath("sgemm"));
        QVERIFY(!spec.isEmpty());
        MainWindow window;
        QVERIFY(open(window, spec, outline({"BM", "BN", "BK", "TM", "TN"}, true),
                     {okEvent({64, 64, 8, 4, 4}, "BM=64,BN=64,BK=8,TM=4,TN=4", 0, 1e-4)}));
        makeCurrent(window, "BM=64,BN=64,BK=8,TM=4,TN=4", 0);
        QVERIFY(actions(window)->copyLaunchAction()->isEnabled());
        actions(window)->copyDefinesAction()->trigger();
        // The template parameters reach the kernel as template arguments: the instantiation
        // built comes with the flags (issue 34, item 14), after a shell comment's "#".
        const QString flags = QStringLiteral("-DTB_PARAM_BM=64 -DTB_PARAM_BN=64 -DTB_PARAM_BK=8 "
                                             "-DTB_PARAM_TM=4 -DTB_PARAM_TN=4 # "
                                             "sgemm<64, 64, 8, 4, 4>");
        QCOMPARE(QApplication::clipboard()->text(), flags);
        QCOMPARE(window.resultsPage()->details()->definesText(), flags);
        // grid (N / BN, M / BM), block (BM / TM) * (BN / TN) at M = N = 1024.
        actions(window)->copyLaunchAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(),
                 QStringLiteral("<<<dim3(16, 16, 1), dim3(256, 1, 1)>>>"));
    }
};

QTEST_MAIN(TestResultCodeLink)
#include "tst_resultcodelink.moc"
