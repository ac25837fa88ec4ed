// A workbench run whose measuring workers go through srun (issue 22, item 4), with a FAKE srun
// first on PATH and SLURM_JOB_ID set (a named fault injection: no Slurm here). Preferences >
// Workers chooses the launcher; the Run page shows a lane per srun task, named by location, and
// a location whose tasks are killed three times shows "dropped: ..." there and in the log while
// the other task measures the rest: every result stored once. Without an allocation the run is
// refused with the launcher policy's words.
#include "../app/slurmtesting.h"
#include "mainwindow.h"
#include "pages/benchlanes.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "session/sessioncontroller.h"
#include "settings/appsettings.h"
#include "settings/settingssupport.h"
#include "storage/store.h"
#include "testpaths.h"

#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tb;

namespace {

// srun's stand-in: skips srun's options up to "--" and becomes the worker. Each start takes a
// number (mkdir is atomic); every start but the second is killed 1 s in (SIGKILL, as an OOM
// killer or scancel would), so the location started first loses its worker at every restart
// and the other one, started second, lives. With DOOM unset none is killed.
const char *const kFakeSrun =
    "#!/bin/sh\n"
    "while [ \"$#\" -gt 0 ] && [ \"$1\" != \"--\" ]; do shift; done\n"
    "shift\n"
    "n=1\n"
    "while ! mkdir \"$FAKE_SRUN_STATE/start.$n\" 2>/dev/null; do n=$((n+1)); done\n"
    "if [ -n \"$FAKE_SRUN_DOOM\" ] && [ \"$n\" != 2 ]; then\n"
    "  (sleep 1; kill -9 $$) </dev/null >/dev/null 2>&1 &\n"
    "fi\n"
    "exec \"$@\"\n";

bool writeFakeSrun(const QString &folder)
{
    QFile file(folder + "/srun");
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(kFakeSrun);
    file.close();
    return file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
}

void useSrun(int tasks)
{
    LauncherPreference launch;
    launch.kind = LauncherKind::Srun;
    launch.srunTasks = tasks;
    launch.srunArguments = QStringLiteral("--partition=test \"--comment=tunebench test\"");
    AppSettings().setLauncherPreference(launch);
}

} // namespace

class TestRunLaunchers : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    QByteArray m_path;

    void startRun(MainWindow &window, const QString &spec, const QString &workspace)
    {
        RunForm *form = window.runPage()->form();
        form->setSpecPath(spec);
        form->setWorkspacePath(workspace);
        form->setWorkers(1);
        QTest::mouseClick(form->startButton(), Qt::LeftButton);
    }

    static std::vector<StoredResult> storedResults(const QString &workspace)
    {
        auto store = Store::open(workspace.toStdString());
        if (!store)
            return {};
        auto results = store->results().ofRun(1);
        return results ? *results : std::vector<StoredResult>();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_settingsDir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        tbtest::keepSettingsIn(m_settingsDir.path(), QStringLiteral("tst_runlaunchers"));
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
        qunsetenv("TUNEBENCH_SRUN");
        QVERIFY(writeFakeSrun(m_dir.path()));
        m_path = qgetenv("PATH");
        qputenv("PATH", m_dir.path().toLocal8Bit() + ":" + m_path);
    }

    void init()
    {
        QSettings().clear();
        qputenv("SLURM_JOB_ID", "4242");
        qunsetenv("FAKE_SRUN_DOOM");
    }

    void refusedOutsideAnAllocation()
    {
        qunsetenv("SLURM_JOB_ID");
        useSrun(2);
        MainWindow window;
        QSignalSpy failed(window.runPage()->controller(), &SessionController::failed);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        startRun(window, writeSlowSpec(m_dir.filePath("refused"), 3),
                 m_dir.filePath("refused/ws.tbw"));
        QVERIFY(failed.wait(60000));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains("not inside a Slurm allocation") &&
                     message.contains("salloc --nodes=1 --ntasks=2 tunebench"),
                 qPrintable(message));
        // Shown as any start error is: a message box and the Run page's log.
        QCOMPARE(shown.count(), 1);
        QCOMPARE(shown.at(0).at(0).toString(), QStringLiteral("The run failed"));
        QVERIFY(window.runPage()->log()->toPlainText().contains("not inside a Slurm allocation"));
        QVERIFY(storedResults(m_dir.filePath("refused/ws.tbw")).empty());
    }

    void runsThroughSrun()
    {
        const QString folder = m_dir.filePath("plain");
        QVERIFY(QDir().mkpath(folder + "/state"));
        qputenv("FAKE_SRUN_STATE", (folder + "/state").toLocal8Bit());
        useSrun(2);
        MainWindow window;
        window.show();
        RunPage *page = window.runPage();
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy results(page->controller(), &SessionController::resultArrived);
        startRun(window, writeSlowSpec(folder, 3), folder + "/ws.tbw");
        QVERIFY(results.wait(60000));
        QCOMPARE(page->lanes()->laneCount(), 2);
        QCOMPARE(page->lanes()->deviceText(0), QStringLiteral("srun task 1"));
        QCOMPARE(page->lanes()->deviceText(1), QStringLiteral("srun task 2"));
        QVERIFY(finished.wait(120000));
        const QString log = page->log()->toPlainText();
        QVERIFY2(log.contains("Measuring workers: 2 srun task(s) in Slurm job 4242"),
                 qPrintable(log));
        QVERIFY2(!log.contains("dropped"), qPrintable(log));
        const auto stored = storedResults(folder + "/ws.tbw");
        QCOMPARE(int(stored.size()), kConfigurations);
        for (const auto &result : stored)
            QVERIFY2(result.result.status == ResultStatus::Ok, result.result.message.c_str());
        // Two srun starts, one per task: nothing was restarted.
        QCOMPARE(QDir(folder + "/state").entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 2);
    }

    void killedLocationIsDroppedAndTheRunGoesOn()
    {
        const QString folder = m_dir.filePath("killed");
        QVERIFY(QDir().mkpath(folder + "/state"));
        qputenv("FAKE_SRUN_STATE", (folder + "/state").toLocal8Bit());
        qputenv("FAKE_SRUN_DOOM", "1");
        useSrun(2);
        MainWindow window;
        window.show();
        RunPage *page = window.runPage();
        QSignalSpy finished(page, &RunPage::runFinished);
        // Long enough (3,000 samples, about 0.4 s a configuration) for the doomed location to lose
        // three workers 1 s apart before the other one has measured everything.
        startRun(window, writeSlowSpec(folder, 3000), folder + "/ws.tbw");
        // One lane shows its location dropped while the run goes on.
        const auto droppedLane = [page] {
            for (int lane = 0; lane < page->lanes()->laneCount(); ++lane)
                if (page->lanes()->stateText(lane).startsWith("dropped: "))
                    return lane;
            return -1;
        };
        QTRY_VERIFY_WITH_TIMEOUT(droppedLane() >= 0 || !finished.isEmpty(), 120000);
        const int lane = droppedLane();
        if (lane < 0) // the whole log: QVERIFY2 cuts its message short
            qInfo().noquote() << page->log()->toPlainText();
        QVERIFY2(lane >= 0, qPrintable(page->log()->toPlainText()));
        const QString location = page->lanes()->deviceText(lane);
        QVERIFY2(location.startsWith("srun task "), qPrintable(location));
        // Lost three times, or (on a loaded machine, its first start killed before the worker
        // was ready) dropped at the start: either way the location is gone and said so.
        QVERIFY2(page->lanes()->stateText(lane).contains("lost") ||
                     page->lanes()->stateText(lane).contains("cannot start the cpu workers"),
                 qPrintable(page->lanes()->stateText(lane)));
        QVERIFY2(!page->lanes()->stateText(1 - lane).startsWith("dropped"),
                 qPrintable(page->lanes()->stateText(1 - lane)));
        QVERIFY(finished.wait(180000));
        const QString log = page->log()->toPlainText();
        QVERIFY2(log.contains("Lost " + location + ": dropped ("), qPrintable(log));
        // Every configuration stored once, none counted against itself for the kills.
        const auto stored = storedResults(folder + "/ws.tbw");
        QCOMPARE(int(stored.size()), kConfigurations);
        std::set<std::pair<std::string, std::size_t>> seen;
        for (const auto &result : stored) {
            QVERIFY2(result.result.status == ResultStatus::Ok, result.result.message.c_str());
            seen.insert({result.configKey, result.sizeIndex});
        }
        QCOMPARE(int(seen.size()), kConfigurations);
    }
};

QTEST_MAIN(TestRunLaunchers)
#include "tst_runlaunchers.moc"
