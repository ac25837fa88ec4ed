// The workbench asking a real Slurm for the allocation (Preferences > Workers, "Ask Slurm for
// an allocation (salloc)"; label `slurm`, CI starts a single-node one with
// packaging/ci/start-slurm.sh). Outside any allocation a run gets one, measures in it and
// releases it; a request Slurm queues (more tasks than the node has CPUs) is shown on the Run
// page while it waits, and Stop cancels it. Afterwards squeue lists no job of Tunebench's.
#include "../app/slurmtesting.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/runprogress.h"
#include "session/sessioncontroller.h"
#include "settings/appsettings.h"
#include "settings/settingssupport.h"
#include "storage/store.h"
#include "testpaths.h"

#include <QDeadlineTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// Tunebench's allocations Slurm still knows, once scancel's has had up to 15 s to take effect.
QString jobsLeftBehind()
{
    const auto jobs = [] { return runSlurmCommand("squeue", {"-h", "-n", "tunebench"}); };
    QDeadlineTimer deadline(15000);
    while (!jobs().isEmpty() && !deadline.hasExpired())
        QTest::qWait(200);
    return jobs();
}

void askForAllocation(int tasks)
{
    LauncherPreference launch;
    launch.kind = LauncherKind::Srun;
    launch.srunTasks = tasks;
    launch.askForAllocation = true;
    launch.slurmPartition = QStringLiteral("ci");
    launch.slurmTimeLimit = QStringLiteral("10");
    AppSettings().setLauncherPreference(launch);
}

} // namespace

class TestSallocWorkbench : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;

    static void startRun(MainWindow &window, const QString &spec, const QString &workspace)
    {
        RunForm *form = window.runPage()->form();
        form->setSpecPath(spec);
        form->setWorkspacePath(workspace);
        form->setWorkers(1);
        QTest::mouseClick(form->startButton(), Qt::LeftButton);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_settingsDir.isValid());
        const QString problem = slurmProblem();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QStandardPaths::setTestModeEnabled(true);
        tbtest::keepSettingsIn(m_settingsDir.path(), QStringLiteral("tst_sallocworkbench"));
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
        // Outside any allocation, Slurm's clients reading the CI's config.
        for (const QString &name : QProcessEnvironment::systemEnvironment().keys())
            if (name.startsWith("SLURM_"))
                qunsetenv(name.toLocal8Bit());
        qputenv("SLURM_CONF", slurmEnvironment().value("SLURM_CONF").toLocal8Bit());
        for (const char *fake : {"TUNEBENCH_SRUN", "TUNEBENCH_SALLOC", "TUNEBENCH_SCANCEL"})
            qunsetenv(fake);
    }

    void init() { QSettings().clear(); }

    void runsInTheAllocationItAskedFor()
    {
        const QString folder = m_dir.filePath("granted");
        askForAllocation(2);
        MainWindow window;
        RunPage *page = window.runPage();
        QSignalSpy finished(page, &RunPage::runFinished);
        startRun(window, writeSlowSpec(folder, 3), folder + "/ws.tbw");
        QVERIFY(finished.wait(120000));
        const QString log = page->log()->toPlainText();
        QVERIFY2(log.contains("in a Slurm allocation asked for when the run starts (partition "
                              "ci, time limit 10"),
                 qPrintable(log));
        QVERIFY2(log.contains("Slurm granted job ") && log.contains("Released Slurm job "),
                 qPrintable(log));
        QVERIFY2(jobsLeftBehind().isEmpty(), qPrintable(log));
        auto store = Store::open((folder + "/ws.tbw").toStdString());
        QVERIFY(store.hasValue());
        QCOMPARE(int(store->results().ofRun(1)->size()), kConfigurations);
    }

    void stopCancelsTheWaitForResources()
    {
        const QString folder = m_dir.filePath("queued");
        askForAllocation(64); // the node has 16 CPUs: Slurm queues the request
        MainWindow window;
        RunPage *page = window.runPage();
        QSignalSpy failed(page->controller(), &SessionController::failed);
        startRun(window, writeSlowSpec(folder, 3), folder + "/ws.tbw");
        // The Run page says what the run waits for.
        QTRY_VERIFY_WITH_TIMEOUT(page->progress()->text().contains("queued and waiting for "
                                                                   "resources"),
                                 30000);
        QVERIFY(page->isRunning());
        QTest::mouseClick(page->form()->stopButton(), Qt::LeftButton);
        QVERIFY(failed.wait(30000));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains("stopped while waiting for the Slurm allocation: job ") &&
                     message.contains(" cancelled"),
                 qPrintable(message));
        QVERIFY(!page->isRunning());
        QVERIFY2(jobsLeftBehind().isEmpty(), qPrintable(page->log()->toPlainText()));
        auto store = Store::open((folder + "/ws.tbw").toStdString());
        QVERIFY(!store.hasValue() || store->runs().all()->empty());
    }
};

QTEST_MAIN(TestSallocWorkbench)
#include "tst_sallocworkbench.moc"
