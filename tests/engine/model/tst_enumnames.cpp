// The stable names of WorkerRole, RunState and TimerKind: what the command line, the protocol,
// the store and the exports write. A name changed here would break files and workers of before.
#include "model/runstate.h"
#include "model/timerkind.h"
#include "model/workerrole.h"

#include <QTest>

using namespace tb;

class TestEnumNames : public QObject
{
    Q_OBJECT

private slots:
    void workerRoles()
    {
        QCOMPARE(toString(WorkerRole::CpuCompile), std::string_view("cpu-compile"));
        QCOMPARE(toString(WorkerRole::Cpu), std::string_view("cpu"));
        QCOMPARE(toString(WorkerRole::CudaCompile), std::string_view("cuda-compile"));
        QCOMPARE(toString(WorkerRole::Cuda), std::string_view("cuda"));
        for (auto role :
             {WorkerRole::CpuCompile, WorkerRole::Cpu, WorkerRole::CudaCompile, WorkerRole::Cuda})
            QVERIFY(workerRoleFromString(toString(role)) == role);
        QVERIFY(!workerRoleFromString("bench"));
        QVERIFY(!workerRoleFromString(""));
    }

    void runStates()
    {
        QCOMPARE(toString(RunState::Running), std::string_view("running"));
        QCOMPARE(toString(RunState::Finished), std::string_view("finished"));
        QCOMPARE(toString(RunState::Stopped), std::string_view("stopped"));
        QCOMPARE(toString(RunState::Failed), std::string_view("failed"));
        QCOMPARE(toString(RunState::Interrupted), std::string_view("interrupted"));
        QCOMPARE(toString(RunState::Unknown), std::string_view("unknown"));
        for (auto state : {RunState::Running, RunState::Finished, RunState::Stopped,
                           RunState::Failed, RunState::Interrupted, RunState::Unknown})
            QVERIFY(runStateFromString(toString(state)) == state);
        QVERIFY(!runStateFromString("done"));
    }

    void timers()
    {
        QCOMPARE(toString(TimerKind::None), std::string_view("none"));
        QCOMPARE(toString(TimerKind::SteadyClock), std::string_view("steady_clock"));
        QCOMPARE(toString(TimerKind::Cupti), std::string_view("cupti"));
        QCOMPARE(toString(TimerKind::CudaEvents), std::string_view("cuda_events"));
        for (auto timer :
             {TimerKind::None, TimerKind::SteadyClock, TimerKind::Cupti, TimerKind::CudaEvents})
            QVERIFY(timerKindFromString(toString(timer)) == timer);
        QVERIFY(!timerKindFromString("kernel_tuner"));
    }
};

QTEST_GUILESS_MAIN(TestEnumNames)
#include "tst_enumnames.moc"
