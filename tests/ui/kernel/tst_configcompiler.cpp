#include "backend/cuda/cudaenvironment.h"
#include "backend/cuda/cudarunplan.h"
#include "configcompiletesting.h"
#include "kernel/compilerlogparser.h"
#include "kernel/configcompiler.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>

using namespace tb;

class TestConfigCompiler : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    CompileRequest request(const QString &example)
    {
        return kerneltest::exampleRequest(m_dir, example, 60);
    }

    // A "compiler" that writes its pid to `pidFile` and sleeps for 30 s.
    QString hangingCompiler(const QString &pidFile)
    {
        const QString script = m_dir.filePath(QFileInfo(pidFile).baseName() + ".sh");
        QFile file(script);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write("#!/bin/sh\necho $$ > '" + pidFile.toUtf8() + "'\nexec sleep 30\n");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return script;
    }

    static CompileOutcome compile(const CompileRequest &r)
    {
        return kerneltest::compileAndWait(r, 60000);
    }

private slots:
#if TUNEBENCH_HAVE_CUDA
    void compilesACudaConfigInAWorkerWithoutAGpu()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.arch = "sm_80";
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(kerneltest::statusName(outcome.result.status), QStringLiteral("ok"));
        QVERIFY(outcome.built);
        QCOMPARE(outcome.target, std::string("sm_80"));
        QVERIFY(outcome.result.resource("registers").value_or(0) > 0);
        QCOMPARE(outcome.result.resource("threads_per_block").value_or(0), 256.0);
        QVERIFY(outcome.result.resource("warps_per_sm").value_or(0) > 0);
        QVERIFY(outcome.result.compilerLog.find("ptxas") != std::string::npos);
    }

    // Automatic target: the rule every run follows (compiletarget.h). Without a GPU here the
    // spec's kernel.arch wins; with one, the GPU's own, as a run on this machine measures.
    void theAutomaticTargetFollowsTheRunsRule()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.spec.kernel.arch = "sm_86";
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        const CudaEnvironment cuda = probeCudaEnvironment();
        if (cuda.gpus.empty()) {
            QCOMPARE(outcome.target, std::string("sm_86"));
            QCOMPARE(outcome.targetReason, std::string("the spec's kernel.arch"));
        } else {
            QCOMPARE(outcome.target, cuda.arch);
        }
    }

    void reportsCudaSyntaxErrorsAgainstTheUsersFile()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        const std::string marker = "    const unsigned long long vectors = n / VEC;";
        const auto at = r.code.find(marker);
        QVERIFY(at != std::string::npos);
        r.code.replace(at, marker.size(), "    const unsigned long long vectors = n / VEC");
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(kerneltest::statusName(outcome.result.status), QStringLiteral("compile_error"));
        QVERIFY(!outcome.built);
        const auto messages =
            CompilerLogParser::parse(QString::fromStdString(outcome.result.compilerLog));
        QVERIFY(!messages.isEmpty());
        QCOMPARE(messages.first().file, QString::fromStdString(r.spec.kernel.sourcePath));
        QCOMPARE(messages.first().severity, CompilerMessage::Severity::Error);
        // NVRTC notices the missing ';' at the end of that line or on the next one.
        const int line = int(std::count(r.code.begin(), r.code.begin() + long(at), '\n')) + 1;
        QVERIFY2(messages.first().line == line || messages.first().line == line + 1,
                 qPrintable(QString::number(messages.first().line)));
    }

    void saysWhenTheWorkerCannotStart()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.workerPath = m_dir.filePath(QStringLiteral("no-such-worker")).toStdString();
        const CompileOutcome outcome = compile(r);
        QVERIFY(outcome.failure.find("cannot start the cuda-compile worker") != std::string::npos);
        QVERIFY(!outcome.built);
    }
#else
    void saysThatThisBuildHasNoCudaBackend()
    {
        const CompileOutcome outcome = compile(request(QStringLiteral("copy_scale")));
        QCOMPARE(outcome.failure, std::string(kNoCudaBackend));
        QVERIFY(!outcome.built);
    }
#endif

    void reportsCpuErrorsAgainstTheUsersFile()
    {
        CompileRequest r = request(QStringLiteral("matmul"));
        r.code += "\nint broken(void) { return undeclared_name; }\n";
        const CompileOutcome outcome = compile(r);
        QCOMPARE(kerneltest::statusName(outcome.result.status), QStringLiteral("compile_error"));
        QVERIFY(outcome.result.message.find("undeclared_name") != std::string::npos);
        const auto messages =
            CompilerLogParser::parse(QString::fromStdString(outcome.result.compilerLog));
        QVERIFY(!messages.isEmpty());
        const int lastLine = int(std::count(r.code.begin(), r.code.end(), '\n'));
        QCOMPARE(messages.first().file, QString::fromStdString(r.spec.kernel.sourcePath));
        QCOMPARE(messages.first().line, lastLine);
    }

    void refusesASecondCompileWhileOneRuns()
    {
        ConfigCompiler compiler;
        QSignalSpy finished(&compiler, &ConfigCompiler::finished);
        const CompileRequest r = request(QStringLiteral("matmul"));
        QVERIFY(compiler.start(r));
        QVERIFY(compiler.isBusy());
        QVERIFY(!compiler.start(r));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.count(), 1);
        QVERIFY(!compiler.isBusy());
        QVERIFY(compiler.start(r)); // free again
        QVERIFY(finished.wait(60000));
    }

    void cancelsWhenDestroyed()
    {
        const QString pidFile = m_dir.filePath(QStringLiteral("compiler.pid"));
        qputenv("TB_CC", hangingCompiler(pidFile).toUtf8());
        {
            ConfigCompiler compiler;
            QVERIFY(compiler.start(request(QStringLiteral("matmul"))));
            QTRY_VERIFY(!tbtest::readFile(pidFile).trimmed().isEmpty());
        } // the destructor cancels, kills the compiler and joins
        qunsetenv("TB_CC");
        const pid_t pid = tbtest::readFile(pidFile).trimmed().toInt();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, 0), -1); // gone, and reaped
        QCOMPARE(errno, ESRCH);
    }
};

QTEST_MAIN(TestConfigCompiler)
#include "tst_configcompiler.moc"
