// The one launcher policy of the CLI and the workbench (session/launcherchoice.h), apart from
// either front end: the launchers it builds (one per srun task, one per ssh host, the extra
// arguments on each), the announcement, the usage errors, srun missing, no allocation, CUDA,
// the wording each front end passes, and the locations' names.
#include "session/launcherchoice.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

using namespace tb;

namespace {

Spec backend(BackendKind kind)
{
    Spec spec;
    spec.backend = kind;
    return spec;
}

bool has(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestLauncherChoice : public QObject
{
    Q_OBJECT
private slots:
    void init() { ::unsetenv("SLURM_JOB_ID"); }

    void localIsNothingToLaunch()
    {
        const LauncherChoice choice =
            chooseLaunchers(LauncherRequest(), backend(BackendKind::Cuda));
        QVERIFY(choice.error.empty() && choice.announcement.empty());
        QVERIFY(choice.benchLaunchers.empty());
    }

    void srunTasksInsideAnAllocation()
    {
        ::setenv("SLURM_JOB_ID", "31", 1);
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunTasks = 3;
        request.srunProgram = "/bin/true";
        request.srunArguments = {"--partition=cpu", "--comment=two words"};
        const LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(3));
        for (const LauncherSettings &launcher : choice.benchLaunchers) {
            QCOMPARE(launcher.kind, LauncherKind::Srun);
            QCOMPARE(launcher.program, std::string("/bin/true"));
            QCOMPARE(launcher.extraArguments, request.srunArguments);
        }
        QCOMPARE(choice.announcement,
                 std::string("Measuring workers: 3 srun task(s) in Slurm job 31"));
        QCOMPARE(locationName(choice.benchLaunchers, 0), std::string("srun task 1"));
        QCOMPARE(locationName(choice.benchLaunchers, 2), std::string("srun task 3"));
        QCOMPARE(locationName(choice.benchLaunchers, 3), std::string());
        // One task is named as the CLI's log always named it.
        request.srunTasks = 1;
        QCOMPARE(
            locationName(chooseLaunchers(request, backend(BackendKind::Cpu)).benchLaunchers, 0),
            std::string("srun"));
    }

    void refusalsInTheCallersWords()
    {
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunTasks = 4;
        request.srunProgram = "/bin/true";
        LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(has(choice.error, "--launcher srun: not inside a Slurm allocation") &&
                     has(choice.error, "`salloc --nodes=1 --ntasks=4 tunebench-cli tune SPEC "
                                       "--launcher srun`"),
                 choice.error.c_str());
        QVERIFY(!choice.usageError);
        request.wording.choice = "Workers:";
        request.wording.runInAllocation = "tunebench";
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(has(choice.error, "Workers: srun: not inside") &&
                     has(choice.error, "--ntasks=4 tunebench`"),
                 choice.error.c_str());

        request.srunProgram = "no-such-srun-anywhere";
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(has(choice.error, "'no-such-srun-anywhere' is not on PATH"), choice.error.c_str());

        choice = chooseLaunchers(request, backend(BackendKind::Cuda));
        QVERIFY2(has(choice.error, "CUDA runs through srun or ssh are not supported yet"),
                 choice.error.c_str());
    }

    void sshHostsAndUsageErrors()
    {
        LauncherRequest request;
        request.kind = LauncherKind::Ssh;
        request.sshProgram = "/bin/true";
        LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY(choice.usageError);
        QCOMPARE(choice.error, std::string("--launcher ssh needs --ssh-hosts HOST[,HOST...]"));
        request.sshHosts = {"node1", "me@node2"};
        request.sshArguments = {"-p", "2222"};
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        QCOMPARE(choice.benchLaunchers[1].host, std::string("me@node2"));
        QCOMPARE(choice.benchLaunchers[1].extraArguments, request.sshArguments);
        QCOMPARE(locationName(choice.benchLaunchers, 1), std::string("ssh me@node2"));
        QVERIFY(has(choice.announcement, "ssh to node1, me@node2"));

        // Another launcher's settings are a usage error, whatever the machine.
        request.kind = LauncherKind::Local;
        QVERIFY(chooseLaunchers(request, backend(BackendKind::Cpu)).usageError);
        LauncherRequest local;
        local.srunTasks = 2;
        QVERIFY(chooseLaunchers(local, backend(BackendKind::Cpu)).usageError);
    }

    void launcherProgramFromTheEnvironment()
    {
        ::unsetenv("TUNEBENCH_SRUN");
        QCOMPARE(launcherProgram(LauncherKind::Srun), std::string("srun"));
        ::setenv("TUNEBENCH_SRUN", "/opt/fake/srun", 1);
        QCOMPARE(launcherProgram(LauncherKind::Srun), std::string("/opt/fake/srun"));
        ::unsetenv("TUNEBENCH_SRUN");
        QCOMPARE(launcherProgram(LauncherKind::Local), std::string());
    }
};

QTEST_GUILESS_MAIN(TestLauncherChoice)
#include "tst_launcherchoice.moc"
