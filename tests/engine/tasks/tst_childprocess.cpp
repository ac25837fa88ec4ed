// The child-process runner of the workbench's tasks (compiler, nvdisasm, objdump) on real
// children: output captured, a crash told from an exit code, the whole process group killed
// past the time limit or on cancel.
#include "tasks/childprocess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <thread>

using namespace tb;
using namespace std::chrono_literals;
using End = ChildProcessOutcome::End;

namespace {

ChildProcessOutcome runShell(const std::string &script, bool mergeErrors = true,
                             std::optional<std::chrono::milliseconds> timeLimit = std::nullopt)
{
    const std::atomic<bool> cancelled{false};
    return runChildProcess({{"sh", "-c", script}, mergeErrors, timeLimit}, cancelled);
}

// Gone, or a zombie left to whoever adopted it (a container's first process may not reap).
bool isGone(pid_t pid)
{
    if (::kill(pid, 0) == -1 && errno == ESRCH)
        return true;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return true;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close >= 0 && text.mid(close + 2, 1) == "Z";
}

pid_t readPid(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? pid_t(file.readAll().trimmed().toInt()) : 0;
}

} // namespace

class TestChildProcess : public QObject
{
    Q_OBJECT
private slots:
    void capturesStdoutAndStderrTogether()
    {
        const auto outcome = runShell("echo out; echo err >&2; exit 3");
        QCOMPARE(int(outcome.end), int(End::Exited));
        QCOMPARE(outcome.exitCode, 3);
        QCOMPARE(outcome.output, std::string("out\nerr\n"));
        QVERIFY(outcome.errors.empty());
        QVERIFY(outcome.seconds > 0);
    }

    void keepsStderrApartWhenAsked()
    {
        const auto outcome = runShell("echo out; echo err >&2", false);
        QCOMPARE(int(outcome.end), int(End::Exited));
        QCOMPARE(outcome.exitCode, 0);
        QCOMPARE(outcome.output, std::string("out\n"));
        QCOMPARE(outcome.errors, std::string("err\n"));
    }

    void readsMoreThanAPipeHolds()
    {
        const auto outcome = runShell("head -c 1000000 /dev/zero");
        QCOMPARE(int(outcome.end), int(End::Exited));
        QCOMPARE(outcome.output.size(), std::size_t(1000000));
    }

    void tellsACrashFromAnExitCode()
    {
        const auto outcome = runShell("kill -SEGV $$");
        QCOMPARE(int(outcome.end), int(End::Crashed));
        QCOMPARE(outcome.signal, SIGSEGV);
    }

    void saysWhyAProgramCannotStart()
    {
        const std::atomic<bool> cancelled{false};
        const auto outcome = runChildProcess({{"/no/such/program"}, true, {}}, cancelled);
        QCOMPARE(int(outcome.end), int(End::NotStarted));
        QCOMPARE(outcome.startError, std::string(std::strerror(ENOENT)));
    }

    void searchesPathForTheProgram()
    {
        const std::atomic<bool> cancelled{false};
        const auto outcome = runChildProcess({{"echo", "found"}, true, {}}, cancelled);
        QCOMPARE(int(outcome.end), int(End::Exited));
        QCOMPARE(outcome.output, std::string("found\n"));
    }

    // The child's grandchild (a driver's cc1) goes with it, and what came before the kill stays.
    void killsTheWholeGroupPastTheTimeLimit()
    {
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("grandchild.pid"));
        QElapsedTimer clock;
        clock.start();
        const auto outcome =
            runShell("echo started; sleep 30 & echo $! > '" + pidFile.toStdString() + "'; sleep 30",
                     true, 300ms);
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(int(outcome.end), int(End::TimedOut));
        QCOMPARE(outcome.output, std::string("started\n"));
        QVERIFY(outcome.seconds >= 0.3);
        const pid_t grandchild = readPid(pidFile);
        QVERIFY(grandchild > 0);
        QTRY_VERIFY(isGone(grandchild));
    }

    void stopsWhenCancelled()
    {
        std::atomic<bool> cancelled{false};
        std::thread canceller([&cancelled] {
            std::this_thread::sleep_for(200ms);
            cancelled.store(true);
        });
        QElapsedTimer clock;
        clock.start();
        const auto outcome = runChildProcess({{"sleep", "30"}, true, 60s}, cancelled);
        canceller.join();
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(int(outcome.end), int(End::Cancelled));
    }

    // A background process that keeps the output open does not keep the caller waiting.
    void endsWithTheChildNotItsHeirs()
    {
        QElapsedTimer clock;
        clock.start();
        const auto outcome = runShell("sleep 10 & echo done");
        QVERIFY(clock.elapsed() < 8000);
        QCOMPARE(int(outcome.end), int(End::Exited));
        QCOMPARE(outcome.output, std::string("done\n"));
    }
};

QTEST_GUILESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
