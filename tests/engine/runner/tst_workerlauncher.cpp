// The launchers' argv (srun, ssh) built from a worker's argv and environment, the quoting for
// ssh's remote shell (checked by a real /bin/sh), and how a launched worker's end is read: lost
// to its launcher, or its job's doing.
#include "runner/launcherloss.h"
#include "runner/workerlauncher.h"

#include <QProcess>
#include <QTest>

#include <csignal>
#include <string>
#include <vector>

using namespace tb;

namespace {

WorkerLaunch workerLaunch()
{
    WorkerLaunch launch;
    launch.command = {"/opt/tb/bin/tunebench-worker", "--role", "cpu", "--cache-dir",
                      "/scratch/my runs/ws.cache"};
    launch.environment = {{"CUDA_VISIBLE_DEVICES", "1"}};
    return launch;
}

using Words = std::vector<std::string>;

int exitStatus(int code)
{
    return code << 8; // as waitpid() reports an exit
}

int signalStatus(int signal)
{
    return signal;
}

} // namespace

class TestWorkerLauncher : public QObject
{
    Q_OBJECT

private slots:
    void localIsTheWorkerItself()
    {
        const WorkerLaunch launch = launchThrough({}, workerLaunch());
        QVERIFY(launch.command == workerLaunch().command);
        QVERIFY(launch.environment == workerLaunch().environment);
        QCOMPARE(launch.launcher, LauncherKind::Local);
    }

    void srunRunsOneTaskWithTheWorkerAfterDashDash()
    {
        LauncherSettings srun;
        srun.kind = LauncherKind::Srun;
        srun.extraArguments = {"--partition=gpu", "--time=10"};
        const WorkerLaunch launch = launchThrough(srun, workerLaunch());
        const Words expected = {"srun",
                                "--ntasks=1",
                                "--nodes=1",
                                "--exact",
                                "--job-name=tunebench-worker",
                                "--quiet",
                                "--kill-on-bad-exit=1",
                                "--export=ALL",
                                "--partition=gpu",
                                "--time=10",
                                "--",
                                "/opt/tb/bin/tunebench-worker",
                                "--role",
                                "cpu",
                                "--cache-dir",
                                "/scratch/my runs/ws.cache"};
        QVERIFY(launch.command == expected);
        QCOMPARE(launch.launcher, LauncherKind::Srun);
        // srun exports its own environment to the task: the worker's additions are set there.
        QVERIFY(launch.environment == workerLaunch().environment);
    }

    void srunAsksForAGpuOnlyWhenWanted()
    {
        LauncherSettings srun;
        srun.kind = LauncherKind::Srun;
        srun.program = "/usr/local/bin/srun";
        srun.gpuPerTask = true;
        const Words command = launchThrough(srun, workerLaunch()).command;
        QCOMPARE(command.front(), std::string("/usr/local/bin/srun"));
        QCOMPARE(std::count(command.begin(), command.end(), "--gpus-per-task=1"), 1);
        srun.gpuPerTask = false;
        const Words without = launchThrough(srun, workerLaunch()).command;
        QCOMPARE(std::count(without.begin(), without.end(), "--gpus-per-task=1"), 0);
    }

    void sshQuotesTheCommandForTheRemoteShell()
    {
        LauncherSettings ssh;
        ssh.kind = LauncherKind::Ssh;
        ssh.host = "node7";
        ssh.extraArguments = {"-p", "2222"};
        const WorkerLaunch launch = launchThrough(ssh, workerLaunch());
        const Words expected = {
            "ssh",
            "-o",
            "BatchMode=yes",
            "-p",
            "2222",
            "node7",
            "--",
            "env 'CUDA_VISIBLE_DEVICES=1' '/opt/tb/bin/tunebench-worker' '--role' 'cpu' "
            "'--cache-dir' '/scratch/my runs/ws.cache'; exit $?"};
        QVERIFY(launch.command == expected);
        QVERIFY(launch.environment.empty()); // ssh would drop it: it is in the command
        QCOMPARE(launch.launcher, LauncherKind::Ssh);
    }

    // What the remote shell makes of a quoted word is the word: a real sh splits it back.
    void shellQuotingSurvivesARealShell()
    {
        const Words words = {"plain", "two words", "it's", "$HOME", "`id`", "a\"b", "", "*"};
        std::string line = "printf '%s\\n'";
        for (const auto &word : words)
            line += " " + shellQuoted(word);
        QProcess shell;
        shell.start("/bin/sh", {"-c", QString::fromStdString(line)});
        QVERIFY(shell.waitForFinished(10000));
        const QStringList got = QString::fromUtf8(shell.readAllStandardOutput()).split('\n');
        QCOMPARE(got.size(), static_cast<qsizetype>(words.size() + 1)); // the last newline
        for (std::size_t i = 0; i < words.size(); ++i)
            QCOMPARE(got[static_cast<qsizetype>(i)].toStdString(), words[i]);
    }

    void launcherNamesParseBothWays()
    {
        for (auto kind : {LauncherKind::Local, LauncherKind::Srun, LauncherKind::Ssh})
            QCOMPARE(launcherKindFromString(toString(kind)), std::optional(kind));
        QVERIFY(!launcherKindFromString("pbs"));
    }

    void srunSaysWhenATaskWasLost()
    {
        const auto lost = [](std::deque<std::string> tail, int status = exitStatus(137)) {
            return launcherLossReason(LauncherKind::Srun, status, tail);
        };
        QVERIFY(!lost({"worker log line", "srun: error: localhost: task 0: Killed"}).empty());
        QVERIFY(!lost({"slurmstepd-n3: error: *** STEP 7.0 ON n3 CANCELLED AT 2026-11-26T23:12 ***",
                       "srun: error: n3: task 0: Terminated"},
                      exitStatus(143))
                     .empty());
        QVERIFY(!lost({"srun: error: Node failure on n3"}, exitStatus(1)).empty());
        QVERIFY(!lost({"srun: Job step aborted: Waiting up to 32 seconds"}, exitStatus(1)).empty());
        QVERIFY(!lost({}, signalStatus(SIGKILL)).empty()); // srun itself killed from outside
        // The task's own end: its job's doing.
        QVERIFY(lost({"srun: error: n3: task 0: Segmentation fault"}, exitStatus(139)).empty());
        QVERIFY(lost({"srun: error: n3: task 0: Aborted"}, exitStatus(134)).empty());
        QVERIFY(lost({"srun: error: n3: task 0: Exited with exit code 3"}, exitStatus(3)).empty());
    }

    void sshSaysWhenTheConnectionOrTheRemoteWorkerWasLost()
    {
        const auto lost = [](int status, std::deque<std::string> tail = {}) {
            return launcherLossReason(LauncherKind::Ssh, status, tail);
        };
        const std::string dropped =
            lost(exitStatus(255), {"Connection to node7 closed by remote host."});
        QVERIFY2(dropped.find("closed by remote host") != std::string::npos, dropped.c_str());
        QVERIFY(!lost(exitStatus(128 + SIGKILL)).empty());
        QVERIFY(!lost(exitStatus(128 + SIGTERM)).empty());
        QVERIFY(lost(exitStatus(128 + SIGSEGV)).empty());
        QVERIFY(lost(exitStatus(1)).empty());
    }

    void aLocalWorkerIsNeverLostToALauncher()
    {
        QVERIFY(launcherLossReason(LauncherKind::Local, signalStatus(SIGKILL),
                                   {"srun: error: n3: task 0: Killed"})
                    .empty());
    }
};

QTEST_GUILESS_MAIN(TestWorkerLauncher)
#include "tst_workerlauncher.moc"
