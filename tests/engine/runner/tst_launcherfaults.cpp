// Workers started through a launcher (a FAKE srun, fakesrun.sh, around tb_fake_faulty_worker;
// real processes and signals): a task killed from outside hands its job back as `lost`, not
// counted against the configuration; a crash of the job's own is still the job's; a location
// that loses too many workers is dropped, with the reason in health() and the log.
#include "fakeworkerjobs.h"
#include "runner/workerlauncher.h"

#include <QFile>
#include <QTest>

#include <thread>

using namespace tb;
using namespace tbtest;

namespace {

SupervisorOptions throughFakeSrun(const QTemporaryDir &state, int lossesBeforeDropping)
{
    SupervisorOptions options = fakeWorkerOptions(state, 1);
    LauncherSettings srun;
    srun.kind = LauncherKind::Srun;
    srun.program = TB_FAKE_SRUN_PATH;
    options.launch = launchThrough(srun, options.launch);
    options.locationName = "srun task 1";
    options.launcherLossesBeforeDropping = lossesBeforeDropping;
    return options;
}

// The worker under the launcher: the fake srun's child.
int taskPid(int launcherPid)
{
    const QString path = QString("/proc/%1/task/%1/children").arg(launcherPid);
    QFile children(path);
    if (!children.open(QIODevice::ReadOnly))
        return -1;
    const auto pids = QString::fromLatin1(children.readAll()).split(' ', Qt::SkipEmptyParts);
    return pids.isEmpty() ? -1 : pids.front().toInt();
}

// Submits a hanging job and SIGKILLs the task that runs it, as scancel or a lost node would.
JobOutcome killTaskDuring(Supervisor &supervisor, std::uint64_t id)
{
    if (!supervisor.submit(job(id, Hang, static_cast<double>(id))))
        return {};
    std::this_thread::sleep_for(300ms); // the job reaches the worker
    const int task = taskPid(supervisor.workerPids().front());
    if (task <= 0 || ::kill(task, SIGKILL) != 0)
        return {};
    const auto giveUp = std::chrono::steady_clock::now() + 20s;
    while (std::chrono::steady_clock::now() < giveUp) {
        auto outcomes = supervisor.poll(100ms);
        if (!outcomes.empty())
            return outcomes.front();
    }
    return {};
}

bool waitForIdle(Supervisor &supervisor)
{
    const auto giveUp = std::chrono::steady_clock::now() + 20s;
    while (supervisor.idleWorkers() == 0 && std::chrono::steady_clock::now() < giveUp)
        std::this_thread::sleep_for(20ms);
    return supervisor.idleWorkers() > 0;
}

} // namespace

class TestLauncherFaults : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_state;

private slots:
    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        QVERIFY(m_state->isValid());
    }

    void aTaskKilledFromOutsideHandsItsJobBack()
    {
        Supervisor supervisor(throughFakeSrun(*m_state, 3));
        QVERIFY(supervisor.start());
        const JobOutcome lost = killTaskDuring(supervisor, 1);
        QCOMPARE(lost.id, std::uint64_t(1));
        QVERIFY2(lost.lost, lost.result.message.c_str());
        QVERIFY2(contains(lost.result.message, "task 0: Killed"), lost.result.message.c_str());
        const auto log = supervisor.takeLogLines();
        QVERIFY(logContains(log, "not counted against its configuration"));
        // The location restarts its worker, which runs the next job.
        QVERIFY(waitForIdle(supervisor));
        const JobOutcome next = runOne(supervisor, job(2, Ok));
        QCOMPARE(statusOf(next), QString("ok"));
        QVERIFY(!next.lost);
        QVERIFY(supervisor.health());
    }

    void aCrashOfTheJobsOwnIsNotALoss()
    {
        Supervisor supervisor(throughFakeSrun(*m_state, 3));
        QVERIFY(supervisor.start());
        const JobOutcome crashed = runOne(supervisor, job(1, Crash));
        QCOMPARE(statusOf(crashed), QString("worker_crashed"));
        QVERIFY(!crashed.lost);
        QVERIFY2(contains(crashed.result.message, "2 workers lost on this configuration"),
                 crashed.result.message.c_str());
        QVERIFY(supervisor.health());
    }

    void aLocationLosingTooManyWorkersIsDropped()
    {
        Supervisor supervisor(throughFakeSrun(*m_state, 2));
        QVERIFY(supervisor.start());
        QVERIFY(killTaskDuring(supervisor, 1).lost);
        QVERIFY(waitForIdle(supervisor));
        const JobOutcome second = killTaskDuring(supervisor, 2);
        QVERIFY(second.lost);
        QVERIFY(!supervisor.health());
        QVERIFY2(contains(supervisor.health().error().message, "srun task 1 dropped"),
                 supervisor.health().error().message.c_str());
        QTRY_COMPARE_WITH_TIMEOUT(supervisor.liveWorkers(), std::size_t(0), 10000);
        QVERIFY(logContains(supervisor.takeLogLines(), "the run goes on without it"));
        QVERIFY(!supervisor.submit(job(3, Ok))); // nothing here takes work any more
    }
};

QTEST_GUILESS_MAIN(TestLauncherFaults)
#include "tst_launcherfaults.moc"
