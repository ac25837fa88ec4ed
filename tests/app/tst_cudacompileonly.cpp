// CUDA specs where there is no GPU to measure on: the CLI says once why (no driver, as on CI, or
// a driver that sees no GPU), then compiles every configuration with NVRTC for real and stores
// its resource usage; the cubin cache makes a fresh re-run compile nothing. On a machine with a
// GPU the same tests hide it (CUDA_VISIBLE_DEVICES=""), as the engine's probe would find it,
// and check that a run there measures. In a build without a CUDA toolkit (no CUDA backend),
// the CLI refuses a CUDA run and says how to get one, and still validates the spec.
#include "clirunner.h"
#include "examplevariant.h"

#include "backend/cuda/cudaenvironment.h"
#include "storage/store.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

std::vector<StoredResult> storedResults(const QString &workspace, std::int64_t runId)
{
    auto store = Store::open(workspace.toStdString());
    if (!store)
        return {};
    auto results = store->results().ofRun(runId);
    return results ? *results : std::vector<StoredResult>{};
}

// While it lives, the CLIs this test starts see no GPU, whether the machine has one or not.
class HiddenGpus
{
public:
    HiddenGpus()
        : m_hadValue(qEnvironmentVariableIsSet("CUDA_VISIBLE_DEVICES")),
          m_value(qgetenv("CUDA_VISIBLE_DEVICES"))
    {
        qputenv("CUDA_VISIBLE_DEVICES", "");
    }
    ~HiddenGpus()
    {
        if (m_hadValue)
            qputenv("CUDA_VISIBLE_DEVICES", m_value);
        else
            qunsetenv("CUDA_VISIBLE_DEVICES");
    }
    HiddenGpus(const HiddenGpus &) = delete;
    HiddenGpus &operator=(const HiddenGpus &) = delete;

private:
    bool m_hadValue;
    QByteArray m_value;
};

} // namespace

class TestCudaCompileOnly : public QObject
{
    Q_OBJECT

#if TUNEBENCH_HAVE_CUDA
    // What the engine's probe finds here, as the CLI finds it (its plan measures only where
    // there is a driver that sees a GPU).
    CudaEnvironment m_cuda;
    bool hasGpu() const
    {
        return m_cuda.driverFound && !m_cuda.gpus.empty();
    }
#endif

private slots:
#if TUNEBENCH_HAVE_CUDA
    void initTestCase()
    {
        m_cuda = probeCudaEnvironment();
        qInfo("CUDA here: %s", hasGpu() ? m_cuda.deviceName.c_str() : m_cuda.whyNot.c_str());
    }

    void compilesEveryExampleConfigurationAndStoresItsResources_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("configs"); // valid configurations per problem size
        QTest::addColumn<int>("sizes");
        QTest::newRow("copy_scale") << "resources/examples/copy_scale/copy_scale.json" << 48 << 3;
        QTest::newRow("sgemm") << "resources/examples/sgemm/sgemm.json" << 93 << 2;
    }

    void compilesEveryExampleConfigurationAndStoresItsResources()
    {
        QFETCH(QString, spec);
        QFETCH(int, configs);
        QFETCH(int, sizes);
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const auto outcome = runCli(
            {"--workspace", workspace, "tune", examplePath(qPrintable(spec)), "--compile-only"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        const auto results = storedResults(workspace, 1);
        QCOMPARE(static_cast<int>(results.size()), configs * sizes);
        for (const auto &stored : results) {
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
            QCOMPARE(stored.result.summary.count, 0);
            QVERIFY(stored.result.resources.at("registers") > 0);
            QVERIFY(stored.result.resources.count("spill_stores"));
            QVERIFY(stored.result.resources.at("occupancy") > 0);
            QVERIFY(stored.result.compilerLog.find("ptxas") != std::string::npos);
        }

        // A fresh run of the same spec compiles nothing: every cubin comes from the cache.
        const auto again = runCli({"--workspace", workspace, "tune", examplePath(qPrintable(spec)),
                                   "--compile-only", "--fresh", "--strategy", "brute_force",
                                   "--max-configs", "5"});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        const auto cached = storedResults(workspace, 2);
        QCOMPARE(static_cast<int>(cached.size()), 5 * sizes);
        for (const auto &stored : cached)
            QVERIFY(stored.result.cachedBuild);
    }

    // A constant argument (__constant__ memory, issue 18 item 9) needs no GPU to compile. (ptxas
    // of CUDA 13 lists no cmem bank for it on its "Used" line, so there is no figure to check:
    // the GPU test checks that the filter arrives.)
    void compilesAKernelWithAConstantArgument()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const auto outcome =
            runCli({"--workspace", workspace, "tune",
                    examplePath("tests/app/data/convolution_constant.json"), "--compile-only"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        const auto results = storedResults(workspace, 1);
        QCOMPARE(results.size(), std::size_t(9 * 2));
        for (const auto &stored : results) {
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
            QVERIFY(compiledOnly(stored.result));
            QVERIFY(stored.result.resources.at("registers") > 0);
        }
    }

    // Said once, with the probe's reason: where there is no GPU, the one the probe gives here
    // ("no CUDA driver found" on CI); where GPUs are hidden from a driver, the driver's own
    // words (cuInit finds no device: "the CUDA driver failed to initialise ...").
    void saysOnceWhyThereIsNoGpuAndCompilesAnyway()
    {
        const HiddenGpus hidden;
        QTemporaryDir dir;
        const auto outcome = runCli({"--workspace", dir.filePath("ws.tbw"), "tune",
                                     examplePath("resources/examples/copy_scale/copy_scale.json"),
                                     "--strategy", "brute_force", "--max-configs", "2"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.count("No GPU to measure on: ") == 1, qPrintable(outcome.out));
        const QString reason =
            "No GPU to measure on: " +
            (hasGpu() ? QString("the CUDA driver ") : QString::fromStdString(m_cuda.whyNot));
        QVERIFY2(outcome.out.contains(reason), qPrintable(outcome.out));
        QVERIFY(outcome.out.contains("Compiling only"));
        // 6 result lines and 6 table rows read "compiled" (not "ok"), 3 table headings say
        // "compiled, not timed".
        QCOMPARE(outcome.out.count("compiled"), 6 + 6 + 3);
    }

    void compilesForTheSpecsArchWithoutAGpu()
    {
        const HiddenGpus hidden;
        QTemporaryDir dir;
        const QString spec = tbtest::writeExampleVariant("copy_scale",
                                                         {{ "kernel",
                                                            QJsonObject {
                                                                { "arch",
                                                                  "sm_80" }
                                                            } }},
                                                         dir.path(), "copy_scale_sm80.json");
        QVERIFY(!spec.isEmpty());
        const auto outcome = runCli({"--workspace", dir.filePath("ws.tbw"), "tune", spec,
                                     "--strategy", "brute_force", "--max-configs", "1"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("Compiling only (for sm_80: the spec's kernel.arch)"),
                 qPrintable(outcome.out));
        const auto overridden =
            runCli({"--workspace", dir.filePath("ws.tbw"), "tune", spec, "--strategy",
                    "brute_force", "--max-configs", "1", "--fresh", "--arch", "sm_90"});
        QVERIFY2(overridden.exitCode == 0, qPrintable(overridden.out + overridden.err));
        QVERIFY2(overridden.out.contains("Compiling only (for sm_90: --arch)"),
                 qPrintable(overridden.out));
    }

    // With a GPU in sight the same run measures: no "Compiling only", timed ok results.
    void measuresWhereTheProbeFindsAGpu()
    {
        if (!hasGpu())
            QSKIP(qPrintable("no GPU to measure on: " + QString::fromStdString(m_cuda.whyNot)));
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const auto outcome = runCli({"--workspace", workspace, "tune",
                                     examplePath("resources/examples/copy_scale/copy_scale.json"),
                                     "--strategy", "brute_force", "--max-configs", "2"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("GPU: ") && !outcome.out.contains("Compiling only"),
                 qPrintable(outcome.out));
        const auto results = storedResults(workspace, 1);
        QCOMPARE(static_cast<int>(results.size()), 2 * 3);
        for (const auto &stored : results) {
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
            QVERIFY(!compiledOnly(stored.result));
            QVERIFY(stored.result.summary.count > 0);
        }
    }
#else
    void refusesACudaRunAndSaysWhy()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const auto outcome = runCli({"--workspace", workspace, "tune",
                                     examplePath("resources/examples/copy_scale/copy_scale.json")});
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains("copy_scale.json: this build of Tunebench has no CUDA "
                                      "backend") &&
                     outcome.err.contains("Install NVIDIA's CUDA toolkit"),
                 qPrintable(outcome.err));
        QVERIFY(storedResults(workspace, 1).empty());
    }

    void stillValidatesACudaSpec()
    {
        const auto outcome =
            runCli({"validate", examplePath("resources/examples/sgemm/sgemm.json")});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
    }
#endif
};

QTEST_GUILESS_MAIN(TestCudaCompileOnly)
#include "tst_cudacompileonly.moc"
