// The one policy that turns a front end's choices into a run's SessionOptions
// (tasks/runsetup.h): the CLI's tune, verify and --measure-missing and the workbench's Run and
// Verify export... all call it, so what it fills in, what it refuses and in which words is
// held here once.
#include "tasks/runsetup.h"
#include "tasks/workerlocation.h"

#include <QTest>

#include <filesystem>

using namespace tb;

namespace {

Spec cpuSpec()
{
    Spec spec;
    spec.backend = BackendKind::Cpu;
    return spec;
}

} // namespace

class TestRunSetup : public QObject
{
    Q_OBJECT

private slots:
    void choicesBecomeTheSessionsOptions()
    {
        std::atomic<bool> stop{false};
        std::atomic<bool> pause{false};
        RunChoices choices;
        choices.workspacePath = "runs.tbw";
        choices.workerPath = "/opt/tb/tunebench-worker";
        choices.workers = 3;
        choices.strategy = "random";
        choices.maxConfigs = 40;
        choices.maxSeconds = 12.5;
        choices.fresh = true;
        choices.toolVersion = "9.9";
        choices.stopRequested = &stop;
        choices.pauseRequested = &pause;
        const auto setup = prepareRun(cpuSpec(), choices);
        QVERIFY2(setup.hasValue(), setup ? "" : setup.error().toString().c_str());
        const SessionOptions &options = setup->options;
        QCOMPARE(options.workspacePath, std::string("runs.tbw")); // workers here: as given
        QCOMPARE(options.workerCommand, std::vector<std::string>{"/opt/tb/tunebench-worker"});
        QCOMPARE(options.workers, 3);
        QCOMPARE(options.strategy.value_or(""), std::string("random"));
        QCOMPARE(options.maxConfigs.value_or(0), std::int64_t(40));
        QCOMPARE(options.maxSeconds.value_or(0), 12.5);
        QVERIFY(options.fresh);
        QCOMPARE(options.toolVersion, std::string("9.9"));
        QCOMPARE(options.stopRequested, &stop);
        QCOMPARE(options.pauseRequested, &pause);
        QVERIFY(options.benchLaunchers.empty());
        QVERIFY(!options.allocation);
        QVERIFY(setup->launcherAnnouncement.empty());
        QVERIFY(setup->cudaAnnouncement.empty()); // a CPU spec plans no GPUs
    }

    void defaultsAreTheEngines()
    {
        RunChoices choices;
        choices.workers = -2; // the workbench's "Automatic" may arrive below zero
        const auto setup = prepareRun(cpuSpec(), choices);
        QVERIFY(setup.hasValue());
        QCOMPARE(setup->options.workers, 0); // 0: defaultCompileWorkers() for the run
        QCOMPARE(setup->options.workerCommand, std::vector<std::string>{defaultWorkerPath()});
        QVERIFY(!setup->options.strategy);
        QVERIFY(!setup->options.fresh);
    }

    void aLauncherRequestWrongAsAskedIsAUsageError()
    {
        RunChoices choices;
        choices.launch.sshHosts = {"gpu1"}; // without --launcher ssh
        const auto setup = prepareRun(cpuSpec(), choices);
        QVERIFY(!setup.hasValue());
        QCOMPARE(setup.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(setup.error().message.find("--launcher ssh") != std::string::npos,
                 setup.error().message.c_str());
    }

    void aLaunchedRunNamesItsWorkspaceByItsAbsolutePath()
    {
        RunChoices choices;
        choices.workspacePath = "runs.tbw";
        choices.launch.kind = LauncherKind::Ssh;
        choices.launch.sshProgram = "/bin/true";
        choices.launch.sshHosts = {"node1", "node2"};
        const auto setup = prepareRun(cpuSpec(), choices);
        QVERIFY2(setup.hasValue(), setup ? "" : setup.error().toString().c_str());
        QCOMPARE(setup->options.benchLaunchers.size(), std::size_t(2));
        QCOMPARE(setup->options.workspacePath, std::filesystem::absolute("runs.tbw").string());
        QVERIFY(!setup->launcherAnnouncement.empty());
    }

    void theEnabledGpusAreThoseFound()
    {
        const std::vector<std::string> found{"0", "1", "2"};
        QCOMPARE(selectGpus(found, std::nullopt), found);
        QCOMPARE(selectGpus(found, std::vector<std::string>{"2", "0"}),
                 (std::vector<std::string>{"0", "2"}));                    // in the driver's order
        QVERIFY(selectGpus(found, std::vector<std::string>{"7"}).empty()); // another machine's
    }
};

QTEST_GUILESS_MAIN(TestRunSetup)
#include "tst_runsetup.moc"
