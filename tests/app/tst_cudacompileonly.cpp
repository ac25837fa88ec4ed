// CUDA specs on a machine without a GPU (CI): the CLI says once that there is no driver, then
// compiles every configuration with NVRTC for real and stores its resource usage; the cubin
// cache makes a fresh re-run compile nothing. In a build without a CUDA toolkit (no CUDA
// backend), the CLI refuses a CUDA run and says how to get one, and still validates the spec.
#include "clirunner.h"
#include "examplevariant.h"

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
    auto results = store->results(runId);
    return results ? *results : std::vector<StoredResult>{};
}

} // namespace

class TestCudaCompileOnly : public QObject
{
    Q_OBJECT

private slots:
#if TUNEBENCH_HAVE_CUDA
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
        QCOMPARE(again.exitCode, 0);
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

    void saysOnceThatThereIsNoDriverAndCompilesAnyway()
    {
        QTemporaryDir dir;
        const auto outcome = runCli({"--workspace", dir.filePath("ws.tbw"), "tune",
                                     examplePath("resources/examples/copy_scale/copy_scale.json"),
                                     "--strategy", "brute_force", "--max-configs", "2"});
        QCOMPARE(outcome.exitCode, 0);
        QCOMPARE(outcome.out.count("no CUDA driver found"), 1);
        QVERIFY(outcome.out.contains("Compiling only"));
        // 6 result lines and 6 table rows read "compiled" (not "ok"), 3 table headings say
        // "compiled, not timed".
        QCOMPARE(outcome.out.count("compiled"), 6 + 6 + 3);
    }

    void compilesForTheSpecsArchWithoutAGpu()
    {
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
        QVERIFY2(overridden.out.contains("Compiling only (for sm_90: --arch)"),
                 qPrintable(overridden.out));
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
