// The one launcher policy of the CLI and the workbench (cluster/launcherchoice.h), apart from
// either front end: the launchers it builds (one per srun task, one per ssh host, the extra
// arguments on each), the announcement, the usage errors, srun missing, no allocation, CUDA,
// the wording each front end passes, and the locations' names. The Slurm allocation a run may
// ask for (--salloc): when the policy asks for it and with what, the salloc argv, and the
// settings it refuses (salloc's output: tst_sallocoutput).
#include "cluster/launcherchoice.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <functional>

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

SallocRequest allocationFor(const LauncherRequest &request, BackendKind kind)
{
    const LauncherChoice choice = chooseLaunchers(request, backend(kind));
    return choice.error.empty() && choice.allocation ? *choice.allocation : SallocRequest();
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
    }

    // A CUDA run's measuring workers take one GPU each where they run: an srun task asks
    // Slurm for it, an ssh host listed twice runs two workers (on its GPUs 0 and 1).
    void cudaWorkersTakeOneGpuEach()
    {
        qputenv("SLURM_JOB_ID", "4242");
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunProgram = "/bin/true";
        request.srunTasks = 2;
        LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cuda));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        for (const auto &launcher : choice.benchLaunchers) {
            QVERIFY(launcher.gpuPerTask);
            const auto argv =
                launchThrough(launcher, WorkerLaunch{{"worker"}, {}, LauncherKind::Local, {}})
                    .command;
            QVERIFY(std::find(argv.begin(), argv.end(), "--gpus-per-task=1") != argv.end());
        }
        QVERIFY2(has(choice.announcement, "one GPU each (--gpus-per-task=1)"),
                 choice.announcement.c_str());
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY(!choice.benchLaunchers.front().gpuPerTask); // a CPU task asks for no GPU
        qunsetenv("SLURM_JOB_ID");

        request = {};
        request.kind = LauncherKind::Ssh;
        request.sshProgram = "/bin/true";
        request.sshHosts = {"gpu1", "gpu1"};
        choice = chooseLaunchers(request, backend(BackendKind::Cuda));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        QVERIFY(!choice.benchLaunchers.front().gpuPerTask);
        QVERIFY2(has(choice.announcement, "its GPUs 0 to n-1"), choice.announcement.c_str());
        QVERIFY(!choice.compileWhereMeasured);

        request.compileWhereMeasured = true; // --compile-on nodes
        choice = chooseLaunchers(request, backend(BackendKind::Cuda));
        QVERIFY(choice.compileWhereMeasured);
        QVERIFY2(has(choice.announcement, "builds what it measures where it runs"),
                 choice.announcement.c_str());
        request.kind = LauncherKind::Local;
        request.sshHosts.clear();
        choice = chooseLaunchers(request, backend(BackendKind::Cuda));
        QVERIFY(choice.usageError);
        QVERIFY2(has(choice.error, "--compile-on nodes needs --launcher srun or ssh"),
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

    // srun outside an allocation with --salloc: accepted, the allocation to ask for carries
    // the settings and one task per measuring worker; the workers get no --jobid yet (the
    // session adds it once Slurm grants the job).
    void sallocAskedForOutsideAnAllocation()
    {
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunTasks = 2;
        request.srunProgram = "/bin/true";
        request.askForAllocation = true;
        request.allocation.partition = "ci";
        request.allocation.account = "lab";
        request.allocation.timeLimit = "1:00:00";
        request.allocation.extraArguments = {"--qos=debug"};
        request.allocation.sallocProgram = "/bin/true";
        request.allocation.scancelProgram = "/bin/true";
        const LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QVERIFY(choice.allocation.has_value());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        QCOMPARE(choice.benchLaunchers[0].extraArguments, std::vector<std::string>{});
        QCOMPARE(choice.announcement,
                 std::string("Measuring workers: 2 srun task(s) in a Slurm allocation asked for "
                             "when the run starts (partition ci, account lab, time limit "
                             "1:00:00; salloc --ntasks=2, cancelled when the run ends)"));
        QCOMPARE(sallocCommand(*choice.allocation),
                 (std::vector<std::string>{"/bin/true", "--no-shell", "--job-name=tunebench",
                                           "--ntasks=2", "--partition=ci", "--account=lab",
                                           "--time=1:00:00", "--qos=debug"}));
        QVERIFY(!choice.allocation->gpuPerTask);

        // A CUDA run's allocation asks for what its tasks take: a GPU each.
        const SallocRequest cuda = allocationFor(request, BackendKind::Cuda);
        QVERIFY(cuda.gpuPerTask);
        const auto argv = sallocCommand(cuda);
        QVERIFY(std::find(argv.begin(), argv.end(), "--gpus-per-task=1") != argv.end());

        // None of the settings: the site's defaults, said so.
        request.allocation.partition.clear();
        request.allocation.account.clear();
        request.allocation.timeLimit.clear();
        QVERIFY(has(chooseLaunchers(request, backend(BackendKind::Cpu)).announcement,
                    "the site's default partition and time limit"));

        request.allocation.sallocProgram = "no-such-salloc-anywhere";
        const LauncherChoice missing = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(has(missing.error, "'no-such-salloc-anywhere' is not on PATH to ask Slurm"),
                 missing.error.c_str());
        QVERIFY(!missing.usageError);
    }

    // Inside an allocation the request is not needed: that allocation is used, and said to be.
    void insideAnAllocationItsOwnIsUsed()
    {
        ::setenv("SLURM_JOB_ID", "31", 1);
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunProgram = "/bin/true";
        request.askForAllocation = true;
        request.allocation.partition = "ci";
        const LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QVERIFY(!choice.allocation.has_value());
        QVERIFY2(has(choice.announcement, "in Slurm job 31, the allocation this process runs in "
                                          "(--salloc is not needed inside one"),
                 choice.announcement.c_str());
    }

    void sallocSettingsRefused()
    {
        LauncherRequest request;
        request.kind = LauncherKind::Srun;
        request.srunProgram = "/bin/true";
        // The advice without --salloc names it.
        LauncherChoice choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY2(has(choice.error, "or add --salloc (with --slurm-partition"),
                 choice.error.c_str());

        request.allocation.partition = "ci"; // a setting without --salloc
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY(choice.usageError);
        QVERIFY2(has(choice.error, "need --salloc"), choice.error.c_str());

        request.askForAllocation = true;
        request.kind = LauncherKind::Local;
        choice = chooseLaunchers(request, backend(BackendKind::Cpu));
        QVERIFY(choice.usageError);
        QVERIFY2(has(choice.error, "need --launcher srun"), choice.error.c_str());

        request.kind = LauncherKind::Srun;
        const std::pair<std::function<void(SallocRequest &)>, std::string> bad[] = {
            {[](SallocRequest &r) { r.timeLimit = "2h"; }, "--slurm-time '2h': not a Slurm time"},
            {[](SallocRequest &r) { r.partition = "a b"; }, "--slurm-partition 'a b'"},
            {[](SallocRequest &r) { r.account = "-x"; }, "--slurm-account '-x'"},
            {[](SallocRequest &r) { r.extraArguments = {"--quiet"}; }, "--salloc-arg --quiet"},
        };
        for (const auto &[spoil, named] : bad) {
            LauncherRequest spoiled = request;
            spoil(spoiled.allocation);
            choice = chooseLaunchers(spoiled, backend(BackendKind::Cpu));
            QVERIFY(choice.usageError);
            QVERIFY2(has(choice.error, named), choice.error.c_str());
        }
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
