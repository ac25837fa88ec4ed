// Tunebench asking a real Slurm for the allocation itself (label `slurm`; CI starts a
// single-node one with packaging/ci/start-slurm.sh): `tune --launcher srun --salloc` run
// outside any allocation gets one (salloc --no-shell), runs its srun workers in it and cancels
// it whether the run completes, is refused, is interrupted mid-run or is stopped while Slurm
// still queues the request. Afterwards squeue lists no job of Tunebench's.
#include "clirunner.h"
#include "runstatetesting.h"
#include "slurmtesting.h"
#include "watchedrun.h"

#include "storage/store.h"

#include <QDeadlineTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <set>

using namespace tb;

namespace {

// The CLI's environment outside any allocation: no SLURM_* but the config's path.
QProcessEnvironment outsideAnAllocation()
{
    QProcessEnvironment environment = slurmEnvironment();
    for (const QString &name : environment.keys()) {
        if (name.startsWith("SLURM_") && name != "SLURM_CONF")
            environment.remove(name);
    }
    return environment;
}

// Tunebench's allocations still known to Slurm (pending, running, completing): squeue's ids.
QString tunebenchJobs()
{
    return runSlurmCommand("squeue", {"-h", "-n", "tunebench", "-o", "%i %T"});
}

// scancel returns before the job has ended: up to 15 s for it to leave squeue.
QString jobsLeftBehind()
{
    QDeadlineTimer deadline(15000);
    QString jobs = tunebenchJobs();
    while (!jobs.isEmpty() && !deadline.hasExpired()) {
        QTest::qWait(200);
        jobs = tunebenchJobs();
    }
    return jobs;
}

} // namespace

class TestSallocRun : public QObject
{
    Q_OBJECT

private:
    // Starts `tune SPEC --launcher srun --salloc --slurm-partition PARTITION EXTRA` outside
    // any allocation; `interrupt` (when given) is polled with the output so far and says when
    // to send SIGINT.
    CliOutcome tune(const QString &workspace, const QString &spec, const QStringList &extra,
                    const std::function<bool(const QString &)> &interrupt = {})
    {
        QProcess cli;
        cli.setProcessEnvironment(outsideAnAllocation());
        cli.start(cliPath(), QStringList{"--workspace", workspace, "tune", spec, "--launcher",
                                         "srun", "--salloc"} +
                                 extra);
        QString note;
        const auto sigint = [&](const ReadMore &) {
            m_interrupted = ::kill(cli.processId(), SIGINT) == 0;
            return QString();
        };
        m_interrupted = false;
        InjectedFault fault;
        if (interrupt)
            fault = {interrupt, sigint};
        return readToEnd(cli, fault, note);
    }

    // The job the run was granted, as its output names it ("" when none).
    static QString grantedJob(const QString &output)
    {
        const auto match = QRegularExpression("Slurm granted job (\\d+)").match(output);
        return match.hasMatch() ? match.captured(1) : QString();
    }

    QTemporaryDir m_dir;
    QString m_quickSpec; // a few samples a configuration: the whole run in seconds
    QString m_slowSpec;  // 100: time to interrupt it mid-run
    bool m_interrupted = false;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = slurmProblem();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY2(tunebenchJobs().isEmpty(),
                 qPrintable("a tunebench job is already queued: " + tunebenchJobs()));
        m_quickSpec = writeSlowSpec(m_dir.path() + "/quick", 5);
        m_slowSpec = writeSlowSpec(m_dir.path() + "/slow", 100);
        QVERIFY(!m_quickSpec.isEmpty() && !m_slowSpec.isEmpty());
    }

    void asksForAnAllocationAndReleasesIt()
    {
        const QString workspace = m_dir.filePath("granted.tbw");
        const auto outcome =
            tune(workspace, m_quickSpec, {"--slurm-partition", "ci", "--srun-tasks", "2", "-v"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("in a Slurm allocation asked for when the run starts "
                                      "(partition ci; salloc --ntasks=2"),
                 qPrintable(outcome.out));
        const QString job = grantedJob(outcome.out);
        QVERIFY2(!job.isEmpty(), qPrintable(outcome.out));
        // Both workers were steps of that job, started from outside it (srun --jobid).
        QVERIFY2(outcome.out.contains("worker 0 on srun task 1: tunebench-worker") &&
                     outcome.out.contains("worker 0 on srun task 2: tunebench-worker"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("Released Slurm job " + job + " (scancel " + job + ")"),
                 qPrintable(outcome.out));
        QVERIFY2(jobsLeftBehind().isEmpty(), qPrintable(tunebenchJobs()));

        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t(kConfigurations));
        std::set<std::pair<std::string, std::size_t>> distinct;
        for (const auto &stored : *results) {
            distinct.insert({stored.configKey, stored.sizeIndex});
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
        }
        QCOMPARE(distinct.size(), results->size());
        QCOMPARE(store->runs().read(1)->state, tb::RunState::Finished);
    }

    // A partition Slurm does not have: the error names the setting and quotes salloc; the
    // workspace's earlier run and its results are as they were, and no run is added.
    void aRefusedPartitionIsNamedAndNothingIsStored()
    {
        const QString workspace = m_dir.filePath("granted.tbw"); // the run above's
        const auto outcome = tune(workspace, m_quickSpec, {"--slurm-partition", "nope"});
        QCOMPARE(outcome.exitCode, 3); // bad input
        QVERIFY2(outcome.err.contains("Slurm refused the allocation: check --slurm-partition "
                                      "'nope'") &&
                     outcome.err.contains("invalid partition specified: nope"),
                 qPrintable(outcome.err));
        QVERIFY2(tunebenchJobs().isEmpty(), qPrintable(tunebenchJobs()));
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        auto runs = store->runs().all();
        QVERIFY(runs.hasValue());
        QCOMPARE(runs->size(), std::size_t(1));
        QCOMPARE(runs->front().state, tb::RunState::Finished);
        QCOMPARE(store->results().ofRun(1)->size(), std::size_t(kConfigurations));
    }

    // SIGINT (Ctrl-C) once results come in: the run stops cleanly, its results kept, and the
    // allocation is cancelled.
    void anInterruptedRunLeavesNoAllocation()
    {
        const QString workspace = m_dir.filePath("interrupted.tbw");
        const auto outcome = tune(workspace, m_slowSpec, {"--slurm-partition", "ci"},
                                  [](const QString &out) { return out.count("  ok  ") >= 2; });
        QVERIFY2(m_interrupted, qPrintable("the run ended before the interrupt:\n" + outcome.out));
        QVERIFY2(outcome.exitCode == 130, qPrintable(outcome.out + outcome.err));
        const QString job = grantedJob(outcome.out);
        QVERIFY2(!job.isEmpty() && outcome.out.contains("Released Slurm job " + job),
                 qPrintable(outcome.out));
        QVERIFY2(jobsLeftBehind().isEmpty(), qPrintable(tunebenchJobs()));
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        QCOMPARE(store->runs().read(1)->state, tb::RunState::Stopped);
        QVERIFY(store->results().ofRun(1)->size() >= 2);
    }

    // More tasks than the node has CPUs: Slurm queues the request, and the output says so.
    // Stopping then revokes it: no job, no run stored.
    void stoppedWhileQueuedCancelsTheRequest()
    {
        const QString workspace = m_dir.filePath("queued.tbw");
        const auto outcome =
            tune(workspace, m_quickSpec, {"--slurm-partition", "ci", "--srun-tasks", "64"},
                 [](const QString &out) { return out.contains("queued and waiting"); });
        QVERIFY2(m_interrupted, qPrintable("the run ended while queued:\n" + outcome.out));
        QVERIFY2(outcome.out.contains("is queued and waiting for resources (partition ci); the "
                                      "run starts once they are granted"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.exitCode == 130, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.err.contains("stopped while waiting for the Slurm allocation"),
                 qPrintable(outcome.err));
        QVERIFY2(jobsLeftBehind().isEmpty(), qPrintable(tunebenchJobs()));
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        QVERIFY(store->runs().all()->empty());
    }
};

QTEST_GUILESS_MAIN(TestSallocRun)
#include "tst_sallocrun.moc"
