// A CPU-backend tuning through a real Slurm (label `slurm`; CI starts a single-node one with
// packaging/ci/start-slurm.sh): `tune --launcher srun` inside an allocation (salloc) end to
// end, and with the measuring worker's task killed mid-run (SIGKILL of the task; scancel of its
// step) as fault injections: the run completes, every configuration has exactly one result,
// and none is recorded worker_crashed for the kill.
#include "clirunner.h"
#include "completerun.h"
#include "slurmtesting.h"
#include "watchedrun.h"

#include "storage/store.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <set>

using namespace tb;

class TestSlurmTuning : public QObject
{
    Q_OBJECT

private:
    // Runs `tune SPEC --launcher srun -v EXTRA` under salloc; `fault` runs once three results
    // are out, and says what went wrong ("" when it did its part).
    CliOutcome tuneUnderSalloc(const QString &workspace, const QString &jobName,
                               const std::function<QString(const ReadMore &)> &fault = {},
                               const QString &spec = {}, const QStringList &extra = {})
    {
        return tuneUnderSalloc(workspace, jobName, InjectedFault{threeResultsOut, fault}, spec,
                               extra);
    }

    CliOutcome tuneUnderSalloc(const QString &workspace, const QString &jobName,
                               const InjectedFault &fault, const QString &spec,
                               const QStringList &extra = {})
    {
        QProcess salloc;
        salloc.setProcessEnvironment(slurmEnvironment());
        salloc.start("salloc",
                     QStringList{"--nodes=1", "--ntasks=2", "--quiet", "--job-name=" + jobName,
                                 cliPath(), "--workspace", workspace, "tune",
                                 spec.isEmpty() ? m_spec : spec, "--launcher", "srun", "-v"} +
                         extra);
        return readToEnd(salloc, fault, m_faultNote, 120000, 240000);
    }

    // Under m_hangSpec the COPY=4 job waits in the measuring worker while m_marker exists: the
    // fault `end` (given the measuring task's pid) lands while that job is surely in flight
    // (before, a worker killed between jobs on a loaded machine had none to hand back). Once the
    // worker's task is gone the job may run again.
    CliOutcome tuneHungUnderSalloc(const QString &workspace, const QString &jobName,
                                   const std::function<QString(int task)> &end)
    {
        QFile::remove(m_marker + ".started");
        QFile marker(m_marker);
        if (!marker.open(QIODevice::WriteOnly))
            return {};
        marker.close();
        const auto hung = [this](const QString &) { return QFile::exists(m_marker + ".started"); };
        const auto inject = [&](const ReadMore &) {
            const int task = measuringTaskPid(workspace + ".cache");
            QString problem = task > 0 ? end(task) : QString("no measuring task found");
            QDeadlineTimer giveUp(30000);
            while (task > 0 && QFile::exists(QString("/proc/%1").arg(task)) && !giveUp.hasExpired())
                QThread::msleep(10);
            QFile::remove(m_marker);
            return problem;
        };
        const auto outcome = tuneUnderSalloc(workspace, jobName, {hung, inject}, m_hangSpec);
        QFile::remove(m_marker); // had the fault not come, the run still ends
        return outcome;
    }

    // Every configuration of the grid exactly once, none worker_crashed, the run finished.
    static void verifyComplete(const QString &workspace)
    {
        verifyCompleteRun(workspace, kConfigurations);
    }

    QTemporaryDir m_dir;
    QString m_spec;
    QString m_hangSpec;
    QString m_marker;
    QString m_faultNote;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = slurmProblem();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        m_spec = writeSlowSpec(m_dir.path());
        m_marker = m_dir.filePath("hang");
        m_hangSpec = writeSlowSpec(m_dir.filePath("hung"), 100, m_marker);
    }

    void tunesThroughSrun()
    {
        const QString workspace = m_dir.filePath("plain.tbw");
        const auto outcome = tuneUnderSalloc(workspace, "tbtest-plain");
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("srun task(s) in Slurm job"), qPrintable(outcome.out));
        // The measuring worker ran under slurmstepd: its hello came through srun's pipes.
        QVERIFY2(outcome.out.contains("cpu supervisor: worker 0 on srun: tunebench-worker"),
                 qPrintable(outcome.out));
        verifyComplete(workspace);
    }

    void aTaskKilledMidRunIsRequeued()
    {
        const QString workspace = m_dir.filePath("killed.tbw");
        const auto outcome = tuneHungUnderSalloc(workspace, "tbtest-kill", [](int task) {
            return ::kill(task, SIGKILL) == 0 ? QString() : QString("the kill failed");
        });
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + outcome.out));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("task 0: Killed"), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("not counted against its configuration"),
                 qPrintable(outcome.out));
        verifyComplete(workspace);
    }

    void aCancelledStepIsRequeued()
    {
        const QString workspace = m_dir.filePath("cancelled.tbw");
        const auto outcome = tuneHungUnderSalloc(workspace, "tbtest-scancel", [&](int) {
            const QString step = workerStep("tbtest-scancel");
            if (step.isEmpty())
                return QString("no worker step found to cancel");
            QProcess scancel;
            scancel.setProcessEnvironment(slurmEnvironment());
            scancel.start("scancel", {step});
            scancel.waitForFinished(10000);
            return scancel.exitCode() == 0 ? QString() : "scancel " + step + " failed";
        });
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + outcome.out));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        // Slurm 22.05 ends a cancelled step's task with SIGKILL: "task 0: Killed".
        QVERIFY2(outcome.out.contains("lost to its launcher"), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("not counted against its configuration"),
                 qPrintable(outcome.out));
        verifyComplete(workspace);
    }

    // Two srun tasks; the first one's worker killed three times (each restart's, as a failing
    // node would): that location is dropped with a message, the other measures the rest.
    void aLocationLosingThreeWorkersIsDropped()
    {
        const QString workspace = m_dir.filePath("dropped.tbw");
        const QString spec = writeSlowSpec(m_dir.path() + "/long", 600);
        QVERIFY(!spec.isEmpty());
        const auto fault = [&](const ReadMore &readMore) {
            std::set<int> killed;
            QDeadlineTimer giveUp(120000);
            while (killed.size() < 3 && !giveUp.hasExpired()) {
                const int pid = newestTaskPid(readMore(), "srun task 1");
                if (pid > 0 && !killed.count(pid) && ::kill(pid, SIGKILL) == 0)
                    killed.insert(pid);
            }
            return killed.size() == 3 ? QString() : QString("fewer than 3 tasks killed");
        };
        const auto outcome =
            tuneUnderSalloc(workspace, "tbtest-drop", fault, spec, {"--srun-tasks", "2"});
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + outcome.out));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("srun task 1 dropped: 3 workers lost to the launcher"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("the run goes on without it"), qPrintable(outcome.out));
        verifyComplete(workspace);
    }

    void outsideAnAllocationSaysHowToGetOne()
    {
        QProcess cli;
        QProcessEnvironment environment = slurmEnvironment();
        environment.remove("SLURM_JOB_ID");
        cli.setProcessEnvironment(environment);
        cli.start(cliPath(), {"--workspace", m_dir.filePath("none.tbw"), "tune", m_spec,
                              "--launcher", "srun"});
        QVERIFY(cli.waitForFinished(60000));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY2(err.contains("not inside a Slurm allocation") && err.contains("salloc"),
                 qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestSlurmTuning)
#include "tst_slurmtuning.moc"
