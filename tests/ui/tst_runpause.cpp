// Pause / Resume on the Run page drives the session controller: the button, the Run menu
// action and its F8 shortcut, with a real CPU run (matmul example, a real worker).
#include "mainwindow.h"
#include "models/resultsfeed.h"
#include "pages/benchlanes.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/runprogress.h"
#include "pages/runselector.h"
#include "session/sessioncontroller.h"
#include "testpaths.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestRunPause : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void pauseResumeAndStopWhilePaused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Progress last; // the latest progress report; outlives the window
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        RunPage *page = window.runPage();
        SessionController *controller = page->controller();
        RunForm *form = page->form();
        form->setSpecPath(tbtest::sourceDir() + "/resources/examples/matmul/matmul.json");
        form->setWorkspacePath(dir.filePath("ws.tbw"));
        form->setWorkers(1);
        QVERIFY(!form->pauseButton()->isEnabled());
        QVERIFY(!window.pauseAction()->isEnabled());

        QSignalSpy results(controller, &SessionController::resultArrived);
        QSignalSpy paused(controller, &SessionController::pausedChanged);
        QSignalSpy pagePaused(page, &RunPage::pausedChanged);
        QSignalSpy finished(page, &RunPage::runFinished);
        connect(controller, &SessionController::progressChanged, this,
                [&last](const Progress &progress) { last = progress; });
        QTest::mouseClick(form->startButton(), Qt::LeftButton);
        QVERIFY(form->pauseButton()->isEnabled());
        QVERIFY(window.pauseAction()->isEnabled());
        QVERIFY(results.wait(60000));
        // The measuring worker's lane is on show while the run goes.
        QVERIFY(page->lanes()->isVisible());
        QCOMPARE(page->lanes()->laneCount(), 1);
        QCOMPARE(page->lanes()->deviceText(0), QStringLiteral("CPU"));

        // The button pauses the controller and turns into Resume.
        QTest::mouseClick(form->pauseButton(), Qt::LeftButton);
        QVERIFY(controller->isPaused());
        QCOMPARE(paused.count(), 1);
        QCOMPARE(paused.at(0).at(0).toBool(), true);
        QCOMPARE(pagePaused.count(), 1);
        QCOMPARE(form->pauseButton()->text(), QStringLiteral("Resume"));
        QCOMPARE(window.pauseAction()->text(), QStringLiteral("&Resume"));
        QVERIFY(page->progress()->text().startsWith(QStringLiteral("Paused")));
        // The session reports the pause; what was in flight finishes; then nothing more
        // arrives while paused.
        QTRY_VERIFY_WITH_TIMEOUT(last.paused && last.inFlight == 0, 60000);
        QVERIFY(page->progress()->text().startsWith(QStringLiteral("Paused, ")));
        // Results are signalled before the progress that counts them.
        const int whilePaused = int(results.count());
        QCOMPARE(qint64(last.done), qint64(whilePaused));
        QTest::qWait(1500);
        QCOMPARE(int(results.count()), whilePaused);
        QVERIFY(page->isRunning());

        // The Run menu action resumes; results flow again.
        window.pauseAction()->trigger();
        QVERIFY(!controller->isPaused());
        QCOMPARE(paused.count(), 2);
        QCOMPARE(paused.at(1).at(0).toBool(), false);
        QCOMPARE(form->pauseButton()->text(), QStringLiteral("Pause"));
        QVERIFY(!page->progress()->text().startsWith(QStringLiteral("Paused")));
        QVERIFY(results.wait(60000));
        QVERIFY(int(results.count()) > whilePaused);

        // F8 pauses again; Stop still ends a paused run, and the run ends unpaused.
        QTest::keyClick(&window, Qt::Key_F8);
        QVERIFY(controller->isPaused());
        QTest::mouseClick(form->stopButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.at(0).at(0).value<RunSummary>().stopped);
        QVERIFY(!controller->isPaused());
        QCOMPARE(paused.last().at(0).toBool(), false);
        QVERIFY(!form->pauseButton()->isEnabled());
        QCOMPARE(form->pauseButton()->text(), QStringLiteral("Pause"));
        QVERIFY(!window.pauseAction()->isEnabled());
        QVERIFY(page->progress()->text().contains(QStringLiteral("stopped")));
        QVERIFY(page->lanes()->isHidden()); // no live run, no lanes
    }

    // One lane per GPU, each with what it measures; the progress says how many are busy
    // (issue 23, item 3). The events are given by hand: this machine has no GPUs.
    void aLaneForEachGpuAndTheBusyCount()
    {
        SessionController controller; // the main window's, given to the page
        ResultsFeed feed;
        RunPage page(&controller, &feed);
        page.show();
        QVERIFY(page.lanes()->isHidden());
        BenchLane lane;
        lane.lanes = 2;
        lane.device = "NVIDIA H100 80GB HBM3";
        for (std::size_t i = 0; i < 2; ++i) {
            lane.lane = i;
            lane.visibleDevice = std::to_string(i);
            emit page.controller()->benchLaneChanged(lane);
        }
        lane.lane = 1;
        lane.visibleDevice = "1";
        lane.busy = true;
        lane.configKey = "BM=64,BN=128";
        lane.sizeLabel = "N=4096";
        lane.round = 2;
        emit page.controller()->benchLaneChanged(lane);
        QVERIFY(page.lanes()->isVisible());
        QCOMPARE(page.lanes()->laneCount(), 2);
        QCOMPARE(page.lanes()->deviceText(0), QStringLiteral("GPU 0: NVIDIA H100 80GB HBM3"));
        QCOMPARE(page.lanes()->stateText(0), QStringLiteral("idle"));
        QCOMPARE(page.lanes()->stateText(1), QStringLiteral("BM=64,BN=128  (N=4096)  round 2"));

        Progress progress;
        progress.done = 3;
        progress.total = 10;
        progress.gpus = 2;
        progress.gpusBusy = 1;
        emit page.controller()->progressChanged(progress);
        QVERIFY2(page.progress()->text().contains(QStringLiteral("GPUs 1/2 busy")),
                 qPrintable(page.progress()->text()));
    }

    // A compile-only run says so over the plots (issue 18, item 15).
    void aCompileOnlyRunShowsABanner()
    {
        SessionController controller; // the main window's, given to the page
        ResultsFeed feed;
        RunPage page(&controller, &feed);
        page.show();
        QVERIFY(page.compileOnlyBanner()->isHidden());
        emit page.controller()->compilingOnly(
            QStringLiteral("Compiling only (for sm_90: the default, no GPU here)"));
        QVERIFY(page.compileOnlyBanner()->isVisible());
        QVERIFY(page.compileOnlyBanner()->text().contains(QStringLiteral("no timings")));
        QVERIFY(page.compileOnlyBanner()->text().contains(QStringLiteral("sm_90")));
    }

    // "Run shown" names the run going, from its start, in a new workspace whose first run it
    // is: it listed nothing before (issue 34, item 14). A real CPU run, stopped early.
    void theRunShownNamesAFirstRunWhileItGoes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        RunPage *page = window.runPage();
        RunForm *form = page->form();
        form->setSpecPath(tbtest::sourceDir() + "/resources/examples/matmul/matmul.json");
        form->setWorkspacePath(dir.filePath("first.tbw"));
        form->setWorkers(1);
        QComboBox *shown = page->runSelector()->comboBox();
        QSignalSpy started(page->controller(), &SessionController::runStarted);
        QSignalSpy results(page->controller(), &SessionController::resultArrived);
        QSignalSpy finished(page, &RunPage::runFinished);
        QTest::mouseClick(form->startButton(), Qt::LeftButton);
        QVERIFY(started.wait(60000));
        const qint64 runId = started.at(0).at(0).toLongLong();
        QCOMPARE(page->shownRunId(), runId);
        QCOMPARE(page->runSelector()->currentRunId(), runId);
        QVERIFY2(shown->currentText().startsWith(QStringLiteral("Run %1 ").arg(runId)) &&
                     shown->currentText().contains(QStringLiteral("running")),
                 qPrintable(shown->currentText()));
        QVERIFY(results.wait(60000));
        QCOMPARE(page->runSelector()->currentRunId(), runId); // results do not move it
        QTest::mouseClick(form->stopButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        // Once it ended, the stored run's own entry is shown.
        QTRY_VERIFY_WITH_TIMEOUT(!shown->currentText().contains(QStringLiteral("running")), 20000);
        QCOMPARE(page->runSelector()->currentRunId(), runId);
    }

    void pauseIsANoOpWhenIdle()
    {
        SessionController controller;
        QSignalSpy paused(&controller, &SessionController::pausedChanged);
        controller.pause();
        QVERIFY(!controller.isPaused());
        QCOMPARE(paused.count(), 0);
    }
};

QTEST_MAIN(TestRunPause)
#include "tst_runpause.moc"
