// The supervisor running jobs on tb_fake_faulty_worker, a fake worker that misbehaves on demand:
// real processes, real pipes, real signals. Its start-up checks: tst_supervisorstart.
#include "fakeworkerjobs.h"

#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tb;
using namespace tbtest;

class TestSupervisor : public QObject
{
    Q_OBJECT

private:
    SupervisorOptions options(int workers, std::vector<std::string> flags = {}) const
    {
        return fakeWorkerOptions(*m_state, workers, std::move(flags));
    }

    std::unique_ptr<QTemporaryDir> m_state;

private slots:
    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        QVERIFY(m_state->isValid());
    }

    // Every test's supervisor is gone by now: none of its workers may be left, not even as a
    // zombie.
    void cleanup() { QVERIFY(noChildProcesses()); }

    void runsJobsAndReportsTheWorkersResults()
    {
        Supervisor supervisor(options(2));
        const Status started = supervisor.start();
        QVERIFY2(started.hasValue(), started ? "" : started.error().toString().c_str());
        QCOMPARE(supervisor.idleWorkers(), std::size_t(2));
        QCOMPARE(supervisor.busyWorkers(), std::size_t(0));

        const auto outcomes = runAll(supervisor, {job(1, Ok, 10), job(2, Ok, 20), job(3, Ok, 30)});
        QCOMPARE(outcomes.size(), std::size_t(3));
        for (const auto &outcome : outcomes) {
            QCOMPARE(statusOf(outcome), QStringLiteral("ok"));
            QCOMPARE(outcome.result.timer, std::string("fake_clock"));
            QCOMPARE(outcome.result.samples.size(), std::size_t(1));
            QCOMPARE(outcome.result.samples[0], 0.001 * double(outcome.id + 1));
            QCOMPARE(outcome.config.values[1], double(outcome.id * 10));
            QVERIFY(outcome.workerIndex == 0 || outcome.workerIndex == 1);
        }
        QVERIFY(logContains(supervisor.takeLogLines(), "fake device"));
    }

    void quarantinesAConfigurationThatKillsTwoWorkers()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const int firstPid = supervisor.workerPids().at(0);

        const JobOutcome crashed = runOne(supervisor, job(7, Crash));
        QCOMPARE(crashed.id, std::uint64_t(7));
        QCOMPARE(statusOf(crashed), QStringLiteral("worker_crashed"));
        QVERIFY2(contains(crashed.result.message, "signal 6 (SIGABRT)"),
                 crashed.result.message.c_str());
        QVERIFY(contains(crashed.result.message, "2 workers lost"));
        QVERIFY(contains(crashed.result.message, "crashing on purpose (job 7)"));
        const auto log = supervisor.takeLogLines();
        QCOMPARE(
            std::count_if(log.begin(), log.end(),
                          [](const auto &line) { return contains(line, "crashing on purpose"); }),
            2L);

        // The run goes on, on a fresh worker.
        const JobOutcome fine = runOne(supervisor, job(8, Ok));
        QCOMPARE(statusOf(fine), QStringLiteral("ok"));
        QVERIFY(supervisor.workerPids().at(0) != firstPid);
        QVERIFY(!processExists(firstPid));

        // Never run again: answered at once, no worker lost.
        const int pidBefore = supervisor.workerPids().at(0);
        const JobOutcome again = runOne(supervisor, job(9, Crash));
        QCOMPARE(statusOf(again), QStringLiteral("worker_crashed"));
        QVERIFY(contains(again.result.message, "quarantined"));
        QCOMPARE(supervisor.workerPids().at(0), pidBefore);
        QVERIFY(supervisor.health().hasValue());
    }

    void retriesAConfigurationThatCrashedOnce()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const JobOutcome outcome = runOne(supervisor, job(1, CrashOnce, 42));
        QCOMPARE(statusOf(outcome), QStringLiteral("ok"));
        QVERIFY(logContains(supervisor.takeLogLines(), "crashing once on purpose"));
    }

    void killsAHungWorkerAtTheTimeoutAndReplacesIt()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const int hungPid = supervisor.workerPids().at(0);

        const auto before = std::chrono::steady_clock::now();
        const JobOutcome outcome = runOne(supervisor, job(1, Hang, 0, 0.5));
        const auto waited = std::chrono::steady_clock::now() - before;
        QCOMPARE(statusOf(outcome), QStringLiteral("timeout"));
        QVERIFY2(contains(outcome.result.message, "limit of 0.5 s"),
                 outcome.result.message.c_str());
        QVERIFY(waited >= 500ms); // the limit was granted in full

        QTRY_COMPARE_WITH_TIMEOUT(supervisor.idleWorkers(), std::size_t(1), 10000);
        QVERIFY(supervisor.workerPids().at(0) != hungPid);
        QVERIFY(!processExists(hungPid));
        QCOMPARE(statusOf(runOne(supervisor, job(2, Ok))), QStringLiteral("ok"));
    }

    void treatsGarbageInAResultAsACrash()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const JobOutcome outcome = runOne(supervisor, job(1, Garbage));
        QCOMPARE(statusOf(outcome), QStringLiteral("worker_crashed"));
        QVERIFY2(outcome.result.message.rfind("protocol error: ", 0) == 0,
                 outcome.result.message.c_str());
        QVERIFY(contains(outcome.result.message, "garbage"));
        QVERIFY(!contains(outcome.result.message, "protocol error: protocol error"));
        QCOMPARE(statusOf(runOne(supervisor, job(2, Ok))), QStringLiteral("ok"));
    }

    void reportsAWorkerThatExitsMidJob()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const JobOutcome outcome = runOne(supervisor, job(1, ExitMidJob));
        QCOMPARE(statusOf(outcome), QStringLiteral("worker_crashed"));
        QVERIFY2(contains(outcome.result.message, "exited with code 3"),
                 outcome.result.message.c_str());
        QCOMPARE(statusOf(runOne(supervisor, job(2, Ok))), QStringLiteral("ok"));
    }

    void restartsAWorkerThatDiesWhileIdle()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        QCOMPARE(statusOf(runOne(supervisor, job(1, Ok))), QStringLiteral("ok"));
        const int pid = supervisor.workerPids().at(0);
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            supervisor.workerPids().at(0) != pid && supervisor.idleWorkers() == 1, 10000);
        QCOMPARE(statusOf(runOne(supervisor, job(2, Ok))), QStringLiteral("ok"));
        QVERIFY(supervisor.health().hasValue());
    }

    // Ctrl-C in a terminal signals the whole process group: it is for the supervisor only.
    void workersIgnoreSigint()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        const int pid = supervisor.workerPids().at(0);
        QCOMPARE(::kill(pid, SIGINT), 0);
        const JobOutcome outcome = runOne(supervisor, job(1, Ok));
        QCOMPARE(statusOf(outcome), QStringLiteral("ok"));
        QCOMPARE(supervisor.workerPids().at(0), pid);
    }

    // 1024 lines of 1 KiB in one job: the worker is never blocked on a full pipe, and what is
    // logged is the job's first 256 KiB, a note of what was dropped, and its last 10 lines.
    void drainsAChattyWorkersStderr()
    {
        Supervisor supervisor(options(1));
        QVERIFY(supervisor.start().hasValue());
        QCOMPARE(statusOf(runOne(supervisor, job(1, Chatty))), QStringLiteral("ok"));
        const auto log = supervisor.takeLogLines();
        QCOMPARE(std::count_if(log.begin(), log.end(),
                               [](const auto &line) {
                                   return line == "worker 0: " + std::string(1023, 'x');
                               }),
                 256 + 10);
        const auto note = std::find_if(log.begin(), log.end(), [](const auto &line) {
            return line.find("of output (768 lines) dropped after the first 256 KiB") !=
                   std::string::npos;
        });
        QVERIFY(note != log.end());
        QCOMPARE(log.end() - note, 1 + 10); // the note, then the last lines
    }

    void givesUpOnAWorkerThatCannotBeRestarted()
    {
        Supervisor supervisor(options(1, {"--exit-on-restart"}));
        QVERIFY(supervisor.start().hasValue());
        const JobOutcome outcome = runOne(supervisor, job(1, Crash));
        QCOMPARE(statusOf(outcome), QStringLiteral("worker_crashed"));
        QVERIFY2(contains(outcome.result.message, "could not be restarted (3 failed starts"),
                 outcome.result.message.c_str());
        QVERIFY(!supervisor.health().hasValue());
        QVERIFY(contains(supervisor.health().error().detail, "refusing to restart on purpose"));
        QCOMPARE(supervisor.idleWorkers(), std::size_t(0));
        QCOMPARE(supervisor.busyWorkers(), std::size_t(0));
    }

    void stopEndsEveryWorkerAndReapsIt()
    {
        Supervisor supervisor(options(3));
        QVERIFY(supervisor.start().hasValue());
        const auto pids = supervisor.workerPids();
        QCOMPARE(pids.size(), std::size_t(3));
        QVERIFY(supervisor.submit(job(1, Hang, 0, 0))); // no timeout: only stop() ends it
        QVERIFY(supervisor.submit(job(2, Ok)));
        QTRY_VERIFY_WITH_TIMEOUT(supervisor.busyWorkers() == 1, 10000);

        supervisor.stop();
        for (int pid : pids)
            QVERIFY(!processExists(pid));
        QVERIFY(noChildProcesses());
        const auto abandoned = supervisor.takeAbandoned();
        QCOMPARE(abandoned.size(), std::size_t(1));
        QCOMPARE(abandoned[0].id, std::uint64_t(1));
        QCOMPARE(supervisor.poll(0ms).size(), std::size_t(1)); // job 2 still reported
        QVERIFY(!supervisor.submit(job(3, Ok)));
        supervisor.stop(); // idempotent
    }

    void givesEveryJobExactlyOneOutcome()
    {
        Supervisor supervisor(options(3));
        QVERIFY(supervisor.start().hasValue());
        std::vector<JobRequest> jobs;
        for (std::uint64_t id = 0; id < 60; ++id)
            jobs.push_back(job(id, id % 10 == 3 ? CrashOnce : Ok, double(id)));
        const auto outcomes = runAll(supervisor, jobs);
        QCOMPARE(outcomes.size(), jobs.size());
        std::set<std::uint64_t> ids;
        std::set<int> workersUsed;
        for (const auto &outcome : outcomes) {
            QCOMPARE(statusOf(outcome), QStringLiteral("ok"));
            QCOMPARE(outcome.config.values[1], double(outcome.id));
            ids.insert(outcome.id);
            workersUsed.insert(outcome.workerIndex);
        }
        QCOMPARE(ids.size(), jobs.size());
        QCOMPARE(workersUsed.size(), std::size_t(3));
        QCOMPARE(supervisor.busyWorkers(), std::size_t(0));
        QVERIFY(supervisor.poll(0ms).empty());
    }
};

QTEST_GUILESS_MAIN(TestSupervisor)
#include "tst_supervisor.moc"
