// A CUDA run whose measuring worker starts through a launcher (label gpu: runs on the GPU
// node). The launcher is the FAKE ssh (data/fakessh.sh: the quoted command goes to a local
// /bin/sh, as a remote shell would get it), so the worker measures on this machine's GPU while
// the run knows it only from the worker's hello: model, UUID, architecture and peaks. The real
// Slurm with a real GPU: bench/cluster (a relocatable Slurm) and bench/results/cluster_gpu.md.
#include "clirunner.h"

#include "backend/cuda/cudaenvironment.h"
#include "storage/store.h"

#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestCudaLaunchGpu : public QObject
{
    Q_OBJECT

private slots:
    void measuresOnTheGpuItsWorkerNamed()
    {
        const CudaEnvironment cuda = probeCudaEnvironment();
        QVERIFY2(!cuda.devices.empty(), cuda.whyNot.c_str());
        const GpuIdentity &gpu = cuda.devices.front();
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SSH", examplePath("tests/app/data/fakessh.sh"));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(cliPath(), {"--workspace", workspace, "tune",
                                  examplePath("resources/examples/copy_scale/copy_scale.json"),
                                  "--launcher", "ssh", "--ssh-hosts", "gpuhost", "--verbose"});
        QVERIFY(process.waitForFinished(600000));
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitCode() == 0, qPrintable(out + err));
        QVERIFY2(out.contains("GPUs: one per launched worker"), qPrintable(out));
        QVERIFY2(
            (out + err).contains(QString::fromStdString("ssh gpuhost measures on " + gpu.name)),
            qPrintable(out + err));

        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        const auto run = store->runs().read(1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->device, gpu.name); // learned from the hello, not from this process
        QCOMPARE(run->devicePeaks.flopsPerSecond.has_value(), gpu.peaks.flopsPerSecond.has_value());
        const auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue());
        QVERIFY(!results->empty());
        int ok = 0;
        for (const auto &stored : *results) {
            if (stored.result.status != ResultStatus::Ok)
                continue;
            ++ok;
            QCOMPARE(stored.result.device, gpu.name);
            QCOMPARE(stored.result.deviceUuid, gpu.uuid);
            QCOMPARE(QString::fromStdString(stored.result.timer), QString("cupti"));
        }
        QVERIFY(ok > 0);
    }
};

QTEST_GUILESS_MAIN(TestCudaLaunchGpu)
#include "tst_cudalaunch_gpu.moc"
