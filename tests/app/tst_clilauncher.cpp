// `tune --launcher`'s command line through the real CLI: the combinations it refuses and why,
// srun missing or no allocation (with how to get one), CUDA without a GPU there, and a whole CPU
// run through `--launcher ssh` with a FAKE ssh (data/fakessh.sh: the quoted command goes to a
// local /bin/sh, as a remote shell would get it).
#include "clirunner.h"

#include "storage/store.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

CliOutcome runCliIn(const QProcessEnvironment &environment, const QStringList &arguments)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(cliPath(), arguments);
    CliOutcome outcome;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        outcome.err = "timed out";
        return outcome;
    }
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

QString cpuSpec()
{
    return examplePath("tests/app/data/slowable.json");
}

} // namespace

class TestCliLauncher : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    CliOutcome
    tune(const QStringList &extra,
         const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
    {
        return runCliIn(environment,
                        QStringList{"--workspace", m_dir.filePath("ws.tbw"), "tune", cpuSpec()} +
                            extra);
    }

private slots:
    void optionsOfAnotherLauncherAreRefused()
    {
        auto outcome = tune({"--ssh-hosts", "node1"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--ssh-hosts and --ssh-arg need --launcher ssh"),
                 qPrintable(outcome.err));
        outcome = tune({"--launcher", "ssh", "--srun-tasks", "2", "--ssh-hosts", "a"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--srun-arg and --srun-tasks need --launcher srun"),
                 qPrintable(outcome.err));
        outcome = tune({"--launcher", "ssh"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--launcher ssh needs --ssh-hosts"), qPrintable(outcome.err));
        outcome = tune({"--launcher", "pbs"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--launcher"), qPrintable(outcome.err));
    }

    void srunMissingOrNoAllocationSaysWhatToDo()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SRUN", m_dir.filePath("no-such-srun"));
        auto outcome = tune({"--launcher", "srun"}, environment);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains("is not on PATH"), qPrintable(outcome.err));

        environment.insert("TUNEBENCH_SRUN", "/bin/true"); // there, but no allocation
        environment.remove("SLURM_JOB_ID");
        outcome = tune({"--launcher", "srun", "--srun-tasks", "3"}, environment);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains("not inside a Slurm allocation") &&
                     outcome.err.contains("salloc --nodes=1 --ntasks=3"),
                 qPrintable(outcome.err));
    }

    // --salloc and its settings: what the command line refuses before any salloc runs (the
    // allocation itself: tst_sallocrun, on a real Slurm).
    void sallocOptionsAreChecked()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SRUN", "/bin/true");
        environment.remove("SLURM_JOB_ID");
        auto outcome = tune({"--launcher", "srun"}, environment);
        QVERIFY2(outcome.err.contains("or add --salloc"), qPrintable(outcome.err));
        outcome = tune({"--salloc", "--slurm-partition", "cpu"}, environment);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("need --launcher srun"), qPrintable(outcome.err));
        outcome = tune({"--launcher", "srun", "--slurm-time", "10"}, environment);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("need --salloc"), qPrintable(outcome.err));
        outcome = tune({"--launcher", "srun", "--salloc", "--slurm-time", "ten"}, environment);
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--slurm-time 'ten': not a Slurm time limit"),
                 qPrintable(outcome.err));
        environment.insert("TUNEBENCH_SALLOC", m_dir.filePath("no-such-salloc"));
        outcome = tune({"--launcher", "srun", "--salloc"}, environment);
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains("no-such-salloc' is not on PATH to ask Slurm"),
                 qPrintable(outcome.err));
        outcome = runCli(
            {"tune", "--replay", examplePath("tests/data/replay/kt_small.json"), "--salloc"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("no meaning for a replay"), qPrintable(outcome.err));
    }

    // A CUDA run through a launcher measures on the GPUs where its workers start, which only
    // their hellos name: where the worker finds none (this machine, through the FAKE ssh), the
    // run fails saying where. tst_cudalaunch_gpu runs the same on a GPU and measures.
    void cudaThroughALauncherNeedsAGpuWhereItsWorkerRuns()
    {
        if (!QDir("/proc/driver/nvidia/gpus").isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot))
            QSKIP("this machine has a GPU: tst_cudalaunch_gpu covers the run that measures");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SSH", examplePath("tests/app/data/fakessh.sh"));
        const auto outcome =
            runCliIn(environment, {"--workspace", m_dir.filePath("cuda.tbw"), "tune",
                                   examplePath("resources/examples/copy_scale/copy_scale.json"),
                                   "--launcher", "ssh", "--ssh-hosts", "gpu1"});
        QCOMPARE(outcome.exitCode, 1);
#if TUNEBENCH_HAVE_CUDA
        QVERIFY2(outcome.out.contains("GPUs: one per launched worker"), qPrintable(outcome.out));
        QVERIFY2(outcome.err.contains("ssh gpu1"), qPrintable(outcome.err));
#else // a build without the toolkit (CI's ASan build) refuses before any worker starts
        QVERIFY2(outcome.err.contains("this build of Tunebench has no CUDA backend"),
                 qPrintable(outcome.err));
#endif
    }

    void aReplayTakesNoLauncher()
    {
        const auto outcome =
            runCli({"tune", "--replay", examplePath("tests/data/replay/kt_small.json"),
                    "--launcher", "srun"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("no meaning for a replay"), qPrintable(outcome.err));
    }

    // The whole run through the ssh launcher's argv and quoting, the worker's hello through
    // its pipes; the workspace given relative (the cache goes by its absolute path).
    void aCpuRunThroughSsh()
    {
        QString out;
        runThroughSsh("ssh ws.tbw", {}, out);
    }

    // --compile-on nodes: no compile worker starts here; the measuring worker builds each
    // configuration where it runs, and the results are the same.
    void aCpuRunBuildsWhereItMeasures()
    {
        QString out;
        runThroughSsh("built there.tbw", {"--compile-on", "nodes"}, out);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(out.contains("each measuring worker builds what it measures where it runs"),
                 qPrintable(out));
        QVERIFY2(out.contains("with 0 worker(s)"), qPrintable(out));
        QVERIFY2(!out.contains("cpu-compile supervisor"), qPrintable(out));
        const auto outcome = tune({"--compile-on", "nodes"}); // no launcher: nothing to build on
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--compile-on nodes needs --launcher srun or ssh"),
                 qPrintable(outcome.err));
    }

private:
    // The CPU spec through `--launcher ssh --ssh-hosts node1` (FAKE ssh) into `workspace`, in
    // the test's folder: every configuration stored ok. `out`: the CLI's output.
    void runThroughSsh(const QString &workspace, const QStringList &extra, QString &out)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SSH", examplePath("tests/app/data/fakessh.sh"));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(m_dir.path());
        process.start(cliPath(), QStringList{"--workspace", workspace, "tune", cpuSpec(),
                                             "--launcher", "ssh", "--ssh-hosts", "node1", "-v"} +
                                     extra);
        QVERIFY(process.waitForFinished(120000));
        out = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(process.exitCode() == 0,
                 qPrintable(out + QString::fromUtf8(process.readAllStandardError())));
        QVERIFY2(out.contains("Measuring workers: ssh to node1"), qPrintable(out));
        QVERIFY2(out.contains("cpu supervisor: worker 0 on ssh node1: tunebench-worker"),
                 qPrintable(out));
        auto store = Store::open(m_dir.filePath(workspace).toStdString());
        QVERIFY(store.hasValue());
        auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t(6)); // 3 values of COPY x 2 sizes
        for (const auto &stored : *results)
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliLauncher)
#include "tst_clilauncher.moc"
