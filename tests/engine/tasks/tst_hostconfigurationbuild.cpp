// One cpu configuration built with the host compiler, as the Kernel page's "Compile config"
// does: the run's command line, the compiler's group killed past the timeout or on cancel.
#include "examplecompilerequest.h"
#include "tasks/hostconfigurationbuild.h"

#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <thread>

using namespace tb;

class TestHostConfigurationBuild : public QObject
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
        const std::atomic<bool> cancelled{false};
        return buildHostConfiguration(r, cancelled);
    }

private slots:
    void buildsACpuConfigWithTheHostCompiler()
    {
        const CompileRequest r = request(QStringLiteral("matmul"));
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("ok"));
        QVERIFY(outcome.built);
        QVERIFY(outcome.command.find("-DBM=16") != std::string::npos);
        QVERIFY(outcome.command.find("-O3") != std::string::npos);
        QVERIFY(outcome.result.compileSeconds > 0);
    }

    void killsACompilerPastTheTimeout()
    {
        // A "compiler" that hangs: the host build must give up and say so.
        const QString pidFile = m_dir.filePath(QStringLiteral("hang.pid"));
        qputenv("TB_CC", tbtest::writeHangingCompiler(m_dir, pidFile).toUtf8());
        CompileRequest r = request(QStringLiteral("matmul"));
        r.timeoutSeconds = 0.3;
        const CompileOutcome outcome = compile(r);
        qunsetenv("TB_CC");
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("timeout"));
        QVERIFY(outcome.result.message.find("0.3 s") != std::string::npos);
        QVERIFY(!outcome.built);
        const pid_t pid = tbtest::readFile(pidFile).trimmed().toInt();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, 0), -1); // killed and reaped
        QCOMPARE(errno, ESRCH);
    }

    void stopsTheCompilerWhenCancelled()
    {
        const QString pidFile = m_dir.filePath(QStringLiteral("cancelled.pid"));
        qputenv("TB_CC", tbtest::writeHangingCompiler(m_dir, pidFile).toUtf8());
        const CompileRequest r = request(QStringLiteral("matmul"));
        std::atomic<bool> cancelled{false};
        CompileOutcome outcome;
        std::thread build([&] { outcome = buildHostConfiguration(r, cancelled); });
        QTRY_VERIFY(!tbtest::readFile(pidFile).trimmed().isEmpty());
        cancelled.store(true);
        build.join();
        qunsetenv("TB_CC");
        QCOMPARE(outcome.failure, std::string("cancelled"));
        QVERIFY(!outcome.built);
        const pid_t pid = tbtest::readFile(pidFile).trimmed().toInt();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, 0), -1); // gone, and reaped
        QCOMPARE(errno, ESRCH);
    }
};

QTEST_GUILESS_MAIN(TestHostConfigurationBuild)
#include "tst_hostconfigurationbuild.moc"
