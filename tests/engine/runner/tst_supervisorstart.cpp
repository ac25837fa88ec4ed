// The supervisor's start-up checks of its workers (protocol, role, hello, setup), against
// tb_fake_faulty_worker, a FAKE worker that misbehaves on demand.
#include "fakeworkerjobs.h"
#include "protocol/messages.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using namespace tbtest;

class TestSupervisorStart : public QObject
{
    Q_OBJECT

private:
    Status startFailure(std::vector<std::string> flags)
    {
        Supervisor supervisor(fakeWorkerOptions(*m_state, 2, std::move(flags)));
        return supervisor.start();
    }

    std::unique_ptr<QTemporaryDir> m_state;

private slots:
    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        QVERIFY(m_state->isValid());
    }

    // No worker of a failed start may be left, not even as a zombie.
    void cleanup() { QVERIFY(noChildProcesses()); }

    void refusesAWorkerOfAnotherProtocolVersion()
    {
        const Status started = startFailure({"--wrong-protocol"});
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().message,
                          "speaks protocol " + std::to_string(kProtocolVersion + 1) +
                              ", this Tunebench speaks " + std::to_string(kProtocolVersion)),
                 started.error().message.c_str());
        QVERIFY(contains(started.error().message, TB_FAKE_WORKER_PATH));
    }

    void refusesAWorkerOfAnotherRole()
    {
        const Status started = startFailure({"--wrong-role"});
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().message, "role 'compile', expected 'cpu'"),
                 started.error().message.c_str());
    }

    void surfacesTheWorkersSetupFailure()
    {
        const Status started = startFailure({"--fail-setup"});
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().message, "fake setup failure: spec rejected on purpose"),
                 started.error().message.c_str());
        QCOMPARE(started.error().detail, std::string("at $.kernel"));
    }

    void refusesAGarbageHello()
    {
        const Status started = startFailure({"--garbage-hello"});
        QVERIFY(!started.hasValue());
        QCOMPARE(started.error().code, EngineError::Code::ProtocolError);
        QVERIFY(contains(started.error().message, "unreadable hello"));
        QVERIFY(contains(started.error().detail, "garbage"));
    }

    void reportsAWorkerThatExitsBeforeItsHello()
    {
        const Status started = startFailure({"--exit-before-hello"});
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().message, "exited with code 5 before its hello"),
                 started.error().message.c_str());
        QVERIFY(contains(started.error().detail, "exiting before the hello on purpose"));
    }

    void reportsAWorkerThatCannotBeExecuted()
    {
        SupervisorOptions bad = fakeWorkerOptions(*m_state, 1);
        bad.launch.command = {m_state->path().toStdString() + "/no-such-worker"};
        Supervisor supervisor(bad);
        const Status started = supervisor.start();
        QVERIFY(!started.hasValue());
        QVERIFY(contains(started.error().message, "cannot start worker"));
        QCOMPARE(supervisor.idleWorkers(), std::size_t(0));
        QVERIFY(!supervisor.submit(job(1, Ok)));
    }
};

QTEST_GUILESS_MAIN(TestSupervisorStart)
#include "tst_supervisorstart.moc"
