// Supervisors started and stopped together, in the foreground and in the background (the CUDA
// bench workers' start, while the compile workers compile), against tb_fake_faulty_worker, a
// FAKE worker that misbehaves on demand.
#include "fakeworkerjobs.h"
#include "runner/activitysignal.h"
#include "session/supervisorgroup.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>

using namespace tb;
using namespace tbtest;
using namespace std::chrono_literals;

class TestSupervisorGroup : public QObject
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
    void cleanup() { QVERIFY(noChildProcesses()); }

    void startsAndStopsEveryOneTogether()
    {
        Supervisor a(fakeWorkerOptions(*m_state, 2));
        Supervisor b(fakeWorkerOptions(*m_state, 1));
        QVERIFY(startTogether({{&a, "cuda-compile"}, {&b, "cuda"}}).hasValue());
        QCOMPARE(a.idleWorkers(), std::size_t(2));
        QCOMPARE(b.idleWorkers(), std::size_t(1));
        stopTogether({&a, &b});
        QCOMPARE(a.liveWorkers() + b.liveWorkers(), std::size_t(0));
    }

    // The failure names the pool whose workers did not start, in the order given.
    void aFailedStartNamesItsPool()
    {
        Supervisor good(fakeWorkerOptions(*m_state, 1));
        Supervisor bad(fakeWorkerOptions(*m_state, 1, {"--fail-setup"}));
        const Status started = startTogether({{&good, "cuda-compile"}, {&bad, "cuda"}});
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().message, "cannot start the cuda workers: "),
                 started.error().message.c_str());
        QVERIFY(contains(started.error().message, "spec rejected on purpose"));
        stopTogether({&good, &bad});
    }

    // In the background: the caller goes on at once, the signal is raised when the start
    // ends, and the status tells how it went.
    void aBackgroundStartRaisesTheSignalWhenDone()
    {
        auto activity = std::make_shared<ActivitySignal>();
        Supervisor worker(fakeWorkerOptions(*m_state, 1));
        BackgroundStart start;
        const std::uint64_t before = activity->generation();
        start.begin({{&worker, "cuda"}}, activity);
        QVERIFY(start.status().hasValue()); // going on, or done: never a failure here
        QTRY_VERIFY_WITH_TIMEOUT(worker.idleWorkers() == 1, 10000);
        start.finish();
        QVERIFY(activity->generation() != before);
        QVERIFY(start.status().hasValue());
        worker.stop();
    }

    void aFailedBackgroundStartIsTheStatus()
    {
        auto activity = std::make_shared<ActivitySignal>();
        Supervisor worker(fakeWorkerOptions(*m_state, 1, {"--exit-before-hello"}));
        BackgroundStart start;
        start.begin({{&worker, "cuda"}}, activity);
        start.finish();
        const Status status = start.status();
        QVERIFY(!status.hasValue());
        QVERIFY2(contains(status.error().message, "cannot start the cuda workers: "),
                 status.error().message.c_str());
        QVERIFY(contains(status.error().message, "before its hello"));
        worker.stop();
    }

    void waitingForAChangeSeesARaiseMadeBefore()
    {
        ActivitySignal signal;
        const std::uint64_t seen = signal.generation();
        signal.raise(); // before the wait: not lost
        QVERIFY(signal.waitForChange(seen, 0ms));
        QVERIFY(!signal.waitForChange(signal.generation(), 10ms));
    }
};

QTEST_GUILESS_MAIN(TestSupervisorGroup)
#include "tst_supervisorgroup.moc"
