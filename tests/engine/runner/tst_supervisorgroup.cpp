// Supervisors started and stopped together, in the foreground and in the background (the CUDA
// bench workers' start, while the compile workers compile), against tb_fake_faulty_worker, a
// FAKE worker that misbehaves on demand.
#include "fakeworkerjobs.h"
#include "pipeline/supervisorgroup.h"
#include "runner/activitysignal.h"

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

    // Launched locations (StartRule::AnyOne): one that cannot start does not fail the start
    // while another started; each one's outcome says which. None started: the first's error.
    void anyOneStartedIsEnoughForLaunchedLocations()
    {
        Supervisor good(fakeWorkerOptions(*m_state, 1));
        Supervisor bad(fakeWorkerOptions(*m_state, 1, {"--exit-before-hello"}));
        BackgroundStart start;
        start.begin({{&bad, "cuda"}, {&good, "cuda"}}, nullptr, StartRule::AnyOne);
        start.finish();
        QVERIFY(start.status().hasValue());
        const auto outcomes = start.outcomes();
        QCOMPARE(outcomes.size(), std::size_t(2));
        QVERIFY(outcomes[0].has_value() && !outcomes[1].has_value());
        QVERIFY(contains(outcomes[0]->message, "cannot start the cuda workers: "));
        QCOMPARE(good.idleWorkers(), std::size_t(1));
        stopTogether({&good, &bad});

        Supervisor alsoBad(fakeWorkerOptions(*m_state, 1, {"--exit-before-hello"}));
        Supervisor stillBad(fakeWorkerOptions(*m_state, 1, {"--fail-setup"}));
        start.begin({{&alsoBad, "cuda"}, {&stillBad, "cuda"}}, nullptr, StartRule::AnyOne);
        start.finish();
        QVERIFY(!start.status().hasValue());
        QVERIFY(contains(start.status().error().message, "before its hello"));
        stopTogether({&alsoBad, &stillBad});
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
