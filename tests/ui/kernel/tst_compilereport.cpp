#include "kernel/compilereport.h"

#include <QTest>

using namespace tb;

class TestCompileReport : public QObject
{
    Q_OBJECT
private slots:
    void summarisesACudaCompile()
    {
        CompileOutcome outcome;
        outcome.target = "sm_90";
        outcome.targetReason = "the default, no GPU here";
        outcome.result.resources = {{"registers", 16}, {"spill_stores", 0}, {"spill_loads", 0}};
        outcome.result.compilerLog = "ptxas info    : Used 16 registers\n";
        QCOMPARE(CompileReport::statusLine(outcome, {}, QStringLiteral("B=1 at N=2"), true),
                 QStringLiteral("B=1 at N=2: compiled for sm_90, 16 registers, no spills"));
        QVERIFY(!CompileReport::isProblem(outcome));
        const QString log = CompileReport::logText(outcome, QStringLiteral("B=1 at N=2"));
        QVERIFY(log.contains(QStringLiteral("Configuration: B=1 at N=2")));
        QVERIFY(log.contains(QStringLiteral("Target: sm_90 (the default, no GPU here)")));
        QVERIFY(log.contains(QStringLiteral("Used 16 registers")));
        outcome.result.resources["spill_stores"] = 8;
        QVERIFY(CompileReport::statusLine(outcome, {}, {}, true)
                    .endsWith(QStringLiteral("spills 8 B")));
    }

    void saysWhatWentWrong()
    {
        CompileOutcome failed;
        failed.target = "cc";
        failed.command = "cc -O3 -o k.so k.c";
        failed.result.status = ResultStatus::CompileError;
        failed.result.message = "compilation failed";
        const QList<CompilerMessage> messages{
            {CompilerMessage::Severity::Error, QStringLiteral("k.c"), 3, 1, QStringLiteral("x")}};
        QCOMPARE(CompileReport::statusLine(failed, messages, {}, false),
                 QStringLiteral("compile_error: compilation failed (1 error(s))"));
        QVERIFY(CompileReport::isProblem(failed));
        QVERIFY(CompileReport::logText(failed, {}).contains(QStringLiteral("Command: cc -O3")));
        QVERIFY(CompileReport::logText(failed, {})
                    .contains(QStringLiteral("(the compiler printed nothing)")));

        CompileOutcome crashed;
        crashed.result.status = ResultStatus::WorkerCrashed;
        crashed.result.message = "signal 11";
        crashed.workerLog = {"worker 0: boom"};
        QVERIFY(CompileReport::logText(crashed, {}).contains(QStringLiteral("worker 0: boom")));

        // Triton's compile error: its where and what, then Triton's whole message, which is
        // the log too. The status is its first line; the log holds the rest once.
        CompileOutcome triton;
        triton.target = "sm_90";
        triton.result.status = ResultStatus::CompileError;
        triton.result.message =
            "softmax.py line 20: NameError('x is not defined')\nat 9:4:\n    x + 1\n    ^";
        triton.result.compilerLog = triton.result.message;
        QCOMPARE(
            CompileReport::statusLine(triton, {}, {}, true),
            QStringLiteral("compile_error: softmax.py line 20: NameError('x is not defined')"));
        const QString tritonLog = CompileReport::logText(triton, {});
        QVERIFY(tritonLog.contains(
            QStringLiteral("Result: compile_error: softmax.py line 20: NameError('x is not "
                           "defined')\n\nsoftmax.py line 20")));
        QCOMPARE(tritonLog.count(QStringLiteral("at 9:4:")), 1);
        // A message the log does not hold stays whole.
        crashed.result.message = "signal 11\nin ptxas";
        QVERIFY(CompileReport::logText(crashed, {})
                    .contains(QStringLiteral("Result: worker_crashed: signal 11\nin ptxas")));

        CompileOutcome noWorker;
        noWorker.failure = "cannot start";
        QCOMPARE(CompileReport::statusLine(noWorker, {}, {}, true),
                 QStringLiteral("could not compile: cannot start"));
    }
};

QTEST_GUILESS_MAIN(TestCompileReport)
#include "tst_compilereport.moc"
