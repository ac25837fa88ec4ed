// The Kernel page's ConfigCompiler: one compile at a time off the GUI thread, its outcome read
// back by the page's log parser, a running compile cancelled when the compiler goes. The builds
// themselves are tasks' (tests/engine/tasks/tst_cudaconfigurationbuild,
// tst_hostconfigurationbuild).
#include "configcompiletesting.h"
#include "kernel/compilerlogparser.h"
#include "kernel/configcompiler.h"

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
        return tbtest::exampleCompileRequest(m_dir, example, 60);
    }

    static CompileOutcome compile(const CompileRequest &r)
    {
        return kerneltest::compileAndWait(r, 60000);
    }

private slots:
#if TUNEBENCH_HAVE_CUDA
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
        qputenv("TB_CC", tbtest::writeHangingCompiler(m_dir, pidFile).toUtf8());
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
