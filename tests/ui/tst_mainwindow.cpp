// The workbench end to end with real worker processes: a spec with failing configurations, and
// the bundled CPU matmul example run into every view (Results table, timeline, latest samples,
// resource plot, parameter-effect plot), then shown again from its workspace; Ctrl+D compares.
#include "compare/compareview.h"
#include "dialogs/verifyexportdialog.h"
#include "document/specdocument.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/latestsamples.h"
#include "pages/resultdetails.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "pages/workspaceactions.h"
#include "plots/parametereffectplot.h"
#include "plots/resourceplot.h"
#include "plots/samplehistogram.h"
#include "plots/timelineplot.h"
#include "results/resultsfilterproxy.h"
#include "results/resultspage.h"
#include "session/sessioncontroller.h"
#include "session/workspacecontroller.h"
#include "smallmatmulspec.h"
#include "space/spacepage.h"
#include "testpaths.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>

using namespace tb;

namespace {

int okCount(const ResultsModel *model)
{
    int ok = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        ok += model->resultAt(row).result.status == ResultStatus::Ok ? 1 : 0;
    return ok;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_matmulWorkspace; // filled by runsTheMatmulExampleIntoEveryView
    int m_matmulResults = 0;

    // Selecting a row shows that result's details: a failure's error text, an ok result's
    // samples in the histogram.
    static void checkDetailsPane(ResultsPage *page, const ResultsModel *model)
    {
        QTableView *view = page->view();
        bool sawFailure = false;
        bool sawOk = false;
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            view->selectRow(row);
            const int source = page->proxy()->mapToSource(page->proxy()->index(row, 0)).row();
            const ResultEvent &event = model->resultAt(source);
            ResultDetails *details = page->details();
            QVERIFY(details->statusText().contains(
                QString::fromUtf8(toString(event.result.status).data())));
            QVERIFY(details->summaryText().contains(
                QString::fromStdString(event.configKey.substr(0, event.configKey.find('=')))));
            QCOMPARE(details->definesText(),
                     QStringLiteral("-D") + QString::fromStdString(event.configKey));
            if (event.result.status == ResultStatus::Ok) {
                QVERIFY(event.result.summary.count > 0);
                QCOMPARE(details->histogram()->sampleCount(), int(event.result.samples.size()));
                QCOMPARE(details->histogram()->sampleCount(), event.result.summary.count);
                QVERIFY(details->summaryText().contains(QStringLiteral("median")));
                sawOk = true;
            } else {
                QVERIFY(!event.result.message.empty());
                // The message first; a hint after it where its words are the system's.
                QVERIFY2(
                    details->messageText().startsWith(QString::fromStdString(event.result.message)),
                    qPrintable(details->messageText()));
                QCOMPARE(details->histogram()->sampleCount(), int(event.result.samples.size()));
                sawFailure = true;
            }
        }
        QVERIFY(sawFailure && sawOk);
    }

    // Every view of the window holds every result of the model, and only those.
    static void checkEveryViewHoldsEveryResult(MainWindow &window, int expected)
    {
        RunPage *page = window.runPage();
        const ResultsModel *model = page->resultsModel();
        const int ok = okCount(model);
        QCOMPARE(model->rowCount(), expected);
        QCOMPARE(window.resultsPage()->view()->model()->rowCount(), expected);
        QCOMPARE(window.resultsPage()->countText(), QStringLiteral("%1 results").arg(expected));
        QCOMPARE(page->timeline()->evaluationCount(), expected);
        QCOMPARE(page->timeline()->pointCount(), ok);
        QCOMPARE(page->resourcePlot()->evaluationCount(), expected);
        QCOMPARE(page->resourcePlot()->pointCount(), 0); // a CPU kernel has no registers
        // The plot says why it is empty (on its next redraw tick).
        QTRY_VERIFY2(page->resourcePlot()->message().contains(QStringLiteral("No resource usage")),
                     qPrintable(page->resourcePlot()->message()));
        ParameterEffectPlot *effect = window.resultsPage()->effectPlot();
        QCOMPARE(effect->data().count(), ok);
        QCOMPARE(effect->xCombo()->count(), 4);
        QCOMPARE(effect->xParameter(), QStringLiteral("BM"));
        int shownSize = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const ResultEvent &event = model->resultAt(row);
            shownSize +=
                event.result.status == ResultStatus::Ok && event.sizeIndex == effect->sizeIndex()
                    ? 1
                    : 0;
        }
        QCOMPARE(effect->pointCount(), shownSize);
        QCOMPARE(effect->sizeCombo()->count(), 2); // N=256 and N=512
        // One column per parameter, and the derived metric.
        QCOMPARE(
            model->headerData(model->column(ResultsModel::Parameter, 3), Qt::Horizontal).toString(),
            QStringLiteral("UNROLL"));
        QCOMPARE(model->headerData(model->column(ResultsModel::Metric), Qt::Horizontal).toString(),
                 QStringLiteral("GFLOP/s"));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void runsASpecEndToEnd()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window)); // shortcuts need the active window
        RunPage *page = window.runPage();
        ResultsPage *results = window.resultsPage();
        QCOMPARE(results->objectName(), QStringLiteral("resultsPage"));
        QCOMPARE(window.pages()->indexOf(results), 1);
        window.setSpecPath(tbtest::sourceDir() + "/tests/app/data/faulty.json");
        page->form()->setWorkspacePath(dir.filePath("ws.tbw"));
        page->form()->setWorkers(2);
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy failed(page, &RunPage::runFailed);

        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY(page->isRunning());
        QVERIFY(!page->form()->startButton()->isEnabled());
        QVERIFY(page->form()->stopButton()->isEnabled());
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(results->view()->model()->rowCount(), 6);
        QCOMPARE(page->resultsModel()->rowCount(), 6);
        QCOMPARE(page->timeline()->pointCount(), 2);
        QCOMPARE(page->timeline()->evaluationCount(), 6);
        QVERIFY(page->form()->startButton()->isEnabled());
        QCOMPARE(page->resultsModel()->parameterNames(), QStringList{"MODE"});
        QCOMPARE(results->effectPlot()->data().count(), 2);
        // The latest measured configuration's samples are on the Run page.
        QVERIFY(!page->latestSamples()->shownConfig().isEmpty());
        QVERIFY(page->latestSamples()->histogram()->sampleCount() > 0);

        // Sorting by median puts the two ok results first.
        const int median = page->resultsModel()->column(ResultsModel::Median);
        results->view()->sortByColumn(median, Qt::AscendingOrder);
        QCOMPARE(results->view()->model()->index(0, 0).data().toString(), QString("ok"));
        QCOMPARE(results->view()->model()->index(1, 0).data().toString(), QString("ok"));

        checkDetailsPane(results, page->resultsModel());

        // Ctrl+D compares the two ok results selected in the Results page.
        window.pages()->setCurrentWidget(results);
        results->view()->selectRow(0);
        results->view()->selectionModel()->select(results->view()->model()->index(1, 0),
                                                  QItemSelectionModel::Select |
                                                      QItemSelectionModel::Rows);
        QCOMPARE(results->selectedResults().size(), 2);
        QTest::keyClick(results->view(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(window.pages()->currentWidget(), window.compareView());

        QTest::qWait(150); // one replot tick
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 400 && image.height() > 300);
    }

    void runsTheMatmulExampleIntoEveryView()
    {
        const QString spec = tbtest::writeSmallMatmulSpec(m_dir.path());
        QVERIFY(!spec.isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RunPage *page = window.runPage();
        window.setSpecPath(spec);
        m_matmulWorkspace = m_dir.filePath("matmul.tbw");
        page->form()->setWorkspacePath(m_matmulWorkspace);
        page->form()->setWorkers(2);
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy failed(page, &RunPage::runFailed);
        QSignalSpy rounds(page->controller(), &SessionController::roundResultArrived);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY2(finished.wait(90000), qPrintable(failed.value(0).value(0).toString()));
        const auto summary = finished.at(0).at(0).value<RunSummary>();
        QCOMPARE(int(summary.evaluated), 8); // 4 per size
        QVERIFY(summary.ok > 0);
        m_matmulResults = int(summary.evaluated);
        checkEveryViewHoldsEveryResult(window, m_matmulResults);
        QCOMPARE(page->resultsModel()->parameterNames(), QStringList({"BM", "BN", "BK", "UNROLL"}));

        // The latest samples are those measured last: the last finalist round's (3 process
        // rounds by default), each finalist's row holding every round's samples.
        const ResultsModel *model = page->resultsModel();
        QVERIFY(!rounds.isEmpty());
        const auto lastRound = rounds.last().at(0).value<RoundEvent>();
        QCOMPARE(page->latestSamples()->shownConfig(), QString::fromStdString(lastRound.configKey));
        QCOMPARE(page->latestSamples()->histogram()->sampleCount(),
                 int(lastRound.measured.samples.size()));
        QVERIFY(page->latestSamples()->caption().contains(
            QStringLiteral("round %1").arg(lastRound.round)));

        // The Results page filters what the run produced: one config's key finds it.
        ResultsPage *results = window.resultsPage();
        window.pages()->setCurrentWidget(results);
        const QString key = QString::fromStdString(model->resultAt(0).configKey);
        QTest::keyClicks(results->filterEdit(),
                         key + " " + model->sizeLabel(model->resultAt(0).sizeIndex));
        QCOMPARE(results->proxy()->rowCount(), 1);
    }

    // An edit of the spec marks the title; Ctrl+S on the Space page writes it, changing in
    // the file only the value edited (issue 18, item 11), and the mark goes.
    void ctrlSSavesTheSpecKeepingItsFormatting()
    {
        const QString spec = tbtest::writeSmallMatmulSpec(m_dir.path());
        QFile file(spec);
        QVERIFY(file.open(QIODevice::ReadOnly));
        // The user's own layout: every line indented by a tab more than we would write.
        const QByteArray mine = file.readAll().replace("\n  ", "\n\t  ");
        file.close();
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(mine);
        file.close();

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSpecPath(spec);
        SpacePage *space = window.specPages()->spacePage();
        SpecDocument *document = space->document();
        QVERIFY(!window.isWindowModified());
        QVERIFY(!space->saveAction()->isEnabled());
        QVERIFY(document->value("/measurement/min_samples") == SpecJson(3));
        QVERIFY(document->setValue("/measurement/min_samples", 4));
        QVERIFY(window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));

        window.pages()->setCurrentWidget(space);
        space->setFocus();
        QTest::keyClick(space, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!window.isWindowModified());
        QVERIFY(!document->isModified());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray expected = mine;
        expected.replace("\"min_samples\": 3", "\"min_samples\": 4");
        QCOMPARE(file.readAll(), expected);
    }

    void aStoredRunFillsTheResultsPage()
    {
        QVERIFY2(!m_matmulWorkspace.isEmpty(), "runsTheMatmulExampleIntoEveryView ran first");
        MainWindow window;
        window.show();
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        QVERIFY(window.workspaceActions()->openWorkspaceFile(m_matmulWorkspace));
        QVERIFY(loaded.wait(20000));
        QVERIFY(!window.runPage()->isRunning());
        // The stored spec names the parameters and the objective, as a live run does.
        QCOMPARE(window.runPage()->resultsModel()->parameterNames(),
                 QStringList({"BM", "BN", "BK", "UNROLL"}));
        checkEveryViewHoldsEveryResult(window, m_matmulResults);
        std::set<std::string> keys;
        const ResultsModel *model = window.runPage()->resultsModel();
        for (int row = 0; row < model->rowCount(); ++row)
            keys.insert(model->resultAt(row).configKey + "@" +
                        std::to_string(model->resultAt(row).sizeIndex));
        QCOMPARE(int(keys.size()), m_matmulResults);
    }

    // Run > Verify export... has a key of its own, says what it does in the status bar and
    // opens the dialog; no run may start beside a check, so it is off while one goes.
    void verifyExportIsInTheRunMenu()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window)); // shortcuts need the active window
        QAction *verify = window.verifyAction();
        QVERIFY(verify);
        QCOMPARE(verify->text(), QStringLiteral("&Verify export..."));
        QVERIFY(!verify->statusTip().isEmpty());
        const QKeySequence keys(Qt::CTRL | Qt::SHIFT | Qt::Key_E);
        QCOMPARE(verify->shortcut(), keys);
        int taking = 0;
        for (const QAction *action : window.findChildren<QAction *>())
            taking += action->shortcuts().contains(keys) ? 1 : 0;
        QCOMPARE(taking, 1); // no other action of the window takes the key
        const QList<QMenu *> menus = window.menuBar()->findChildren<QMenu *>();
        const auto runMenu = std::find_if(menus.begin(), menus.end(), [](const QMenu *menu) {
            return menu->title() == QStringLiteral("&Run");
        });
        QVERIFY(runMenu != menus.end());
        QVERIFY((*runMenu)->actions().contains(verify));

        QVERIFY(verify->isEnabled());
        QTest::keyClick(&window, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        auto *dialog = window.findChild<VerifyExportDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->reject();
        QTRY_VERIFY(!window.findChild<VerifyExportDialog *>()); // deleted on close

        emit window.runPage()->runningChanged(true);
        QVERIFY(!verify->isEnabled());
        emit window.runPage()->runningChanged(false);
        QVERIFY(verify->isEnabled());
    }

    void aBadSpecFailsWithoutBlocking()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RunPage *page = window.runPage();
        window.setSpecPath(QStringLiteral("/nonexistent/spec.json"));
        QSignalSpy failed(page, &RunPage::runFailed);
        page->startRun();
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("spec.json")));
        QVERIFY(!page->isRunning());
        QVERIFY(page->form()->startButton()->isEnabled());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
