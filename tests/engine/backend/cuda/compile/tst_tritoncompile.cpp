#include "backend/common/atomicfile.h"
#include "backend/cuda/compile/codefiles.h"
#include "backend/cuda/compile/cudacompilebackend.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <optional>
#include <utility>

using namespace tb;

// Triton's real compiler, through the helper in the Triton environment, for sm_90 on a
// machine without a GPU (issue 36): what CI checks of Triton kernels.
namespace {

std::string sourceDir()
{
    return tbtest::sourceDir().toStdString();
}

Spec loadSpec(const std::string &path)
{
    SpecLoader loader;
    auto spec = loader.loadFile(path);
    if (!spec)
        qFatal("%s: %s", path.c_str(), spec.error().toString().c_str());
    return *spec;
}

// A spec over data/triton_faults.py's kernel `entry`: out (float32) and n, BLOCK tunable.
Spec faultSpec(const std::string &entry, bool withInput)
{
    const std::string input =
        withInput ? R"json({"name": "a_ptr", "type": "float16", "size": "2 * BLOCK * BLOCK"},)json"
                  : "";
    const std::string json = R"json({"tunebench_spec": 1, "name": "fault", "backend": "cuda",
        "kernel": {"source": "data/triton_faults.py", "entry": ")json" +
                             entry + R"json("},
        "parameters": [{"name": "BLOCK", "values": [64, 256]},
                       {"name": "num_stages", "values": [4]}],
        "problem_sizes": [{"N": 4096}],
        "launch": {"grid": ["ceil_div(N, BLOCK)"]},
        "arguments": [)json" +
                             input +
                             R"json({"name": "out_ptr", "type": "float32", "size": "N * 64",
             "output": true},
            {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}]})json";
    SpecLoader loader;
    auto spec = loader.parse(json, sourceDir() + "/tests/engine/backend/cuda/compile");
    if (!spec)
        qFatal("%s", spec.error().toString().c_str());
    return *spec;
}

std::string describe(const Result &result)
{
    return std::string(toString(result.status)) + ": " + result.message;
}

} // namespace

class TestTritonCompile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }
    CudaCompileOptions sm90() const
    {
        CudaCompileOptions options;
        options.arch = "sm_90";
        return options;
    }

private slots:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void compilesTheMatmulExampleWithItsFigures()
    {
        CudaCompileBackend backend(cache(), sm90());
        const Spec spec = loadSpec(sourceDir() + "/resources/examples/triton/matmul.json");
        QVERIFY(backend.prepare(spec).hasValue());
        // BLOCK_M 128, BLOCK_N 128, BLOCK_K 64, 8 warps, 3 stages.
        const Configuration config{{128, 128, 64, 8, 3}};
        const Result result = backend.evaluate(config, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, describe(result).c_str());
        QVERIFY(!result.cachedBuild);
        QVERIFY(*result.resource("registers") > 0); // ptxas's figures, as for CUDA C++
        QCOMPARE(*result.resource("spill_stores"), 0.0);
        QCOMPARE(*result.resource("threads_per_block"), 256.0); // 8 warps
        // Two 128 x 64 and 64 x 128 fp16 tiles per stage: tens of kilobytes, Triton's figure.
        QVERIFY(*result.resource("dynamic_shared") >= 3 * (128 * 64 + 64 * 128) * 2 / 2);

        const Result again = backend.evaluate(config, 0, kNoStopAbove);
        QVERIFY2(again.status == ResultStatus::Ok, describe(again).c_str());
        QVERIFY(again.cachedBuild);
        QCOMPARE(*again.resource("registers"), *result.resource("registers"));
    }

    void compilesTheSoftmaxExampleAtEachSize()
    {
        CudaCompileBackend backend(cache(), sm90());
        const Spec spec = loadSpec(sourceDir() + "/resources/examples/triton/softmax.json");
        QVERIFY(backend.prepare(spec).hasValue());
        for (std::size_t size : {0u, 1u}) {
            const Result result = backend.evaluate(Configuration{{4, 1}}, size, kNoStopAbove);
            QVERIFY2(result.status == ResultStatus::Ok, describe(result).c_str());
            QCOMPARE(*result.resource("threads_per_block"), 128.0);
        }
    }

    void keepsTritonsMessageForAKernelThatDoesNotCompile()
    {
        CudaCompileBackend backend(cache(), sm90());
        QVERIFY(backend.prepare(faultSpec("broken_kernel", false)).hasValue());
        const Result result = backend.evaluate(Configuration{{64, 4}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::CompileError, describe(result).c_str());
        QVERIFY2(result.message.find("undefined_name") != std::string::npos,
                 result.message.c_str());
        QVERIFY2(result.message.find("line 9") != std::string::npos, result.message.c_str());
    }

    void refusesAKernelOverTheSharedMemoryOfTheGpu()
    {
        CudaCompileBackend backend(cache(), sm90());
        QVERIFY(backend.prepare(faultSpec("greedy_kernel", true)).hasValue());
        const Result result = backend.evaluate(Configuration{{256, 4}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::InvalidLaunch, describe(result).c_str());
        QVERIFY2(result.message.find("shared") != std::string::npos, result.message.c_str());
    }

    void namesAnArgumentTheKernelDoesNotHave()
    {
        Spec spec = faultSpec("wild_store_kernel", false);
        spec.arguments[1].name = "count";
        CudaCompileBackend backend(cache(), sm90());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{64, 4}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::CompileError, describe(result).c_str());
        QVERIFY2(result.message.find("argument 'count' is not a parameter of kernel "
                                     "'wild_store_kernel'") != std::string::npos,
                 result.message.c_str());
    }

    // Triton's build key is a property of its installation: kept once per user (not per
    // workspace), so a cold run's helpers skip hashing libtriton.
    void keepsTritonsBuildKeyInTheUsersCache()
    {
        const QByteArray saved = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", m_directory.filePath("xdg").toUtf8());
        CudaCompileBackend backend(m_directory.filePath("keyed").toStdString(), sm90());
        QVERIFY(backend.prepare(faultSpec("wild_store_kernel", false)).hasValue());
        const Result result = backend.evaluate(Configuration{{64, 4}}, 0, kNoStopAbove);
        qputenv("XDG_CACHE_HOME", saved);
        QVERIFY2(result.status == ResultStatus::Ok, describe(result).c_str());
        const QDir keys(m_directory.filePath("xdg/tunebench/triton-keys"));
        QCOMPARE(keys.entryList({"triton-key-*.txt"}, QDir::Files).size(), 1);
    }

    // The Kernel page's worker (--code-dir) leaves every stage of a Triton build, a fresh one
    // or a cached one (whose stages are compiled again); tuning runs keep none.
    void writesEveryStageWhenAskedFor()
    {
        const Spec spec = loadSpec(sourceDir() + "/resources/examples/triton/softmax.json");
        const std::string pageCache = m_directory.filePath("stages-cache").toStdString();
        for (const char *name : {"stages-fresh", "stages-cached"}) {
            const QString directory = m_directory.filePath(QString::fromLatin1(name));
            QVERIFY(QDir().mkpath(directory));
            CudaCompileBackend backend(pageCache, {"sm_90", {}, directory.toStdString()});
            QVERIFY(backend.prepare(spec).hasValue());
            const Result result = backend.evaluate(Configuration{{8, 2}}, 0, kNoStopAbove);
            QVERIFY2(result.status == ResultStatus::Ok, describe(result).c_str());
            QCOMPARE(result.cachedBuild, std::string(name) == "stages-cached");
            const std::string stem = directory.toStdString() + "/";
            QCOMPARE(readTextFile(stem + kCodeEntryFile),
                     std::optional<std::string>("softmax_kernel"));
            for (const auto &[file, mark] : {std::pair{kCodeTtirFile, "tt.func"},
                                             std::pair{kCodeTtgirFile, "\"ttg.num-warps\" = 8"},
                                             std::pair{kCodeLlirFile, "define "},
                                             std::pair{kCodePtxFile, ".entry softmax_kernel"}}) {
                const auto text = readTextFile(stem + file);
                QVERIFY2(text && text->find(mark) != std::string::npos, file);
            }
        }

        TritonCompiler tuning(pageCache, "sm_90", findTritonInstall(),
                              TritonCompiler::CachedBuilds::CheckVersion);
        auto arguments = ArgumentExpressions::create(spec);
        QVERIFY(arguments.hasValue());
        const CudaBuild build = tuning.build(spec, *arguments, Configuration{{8, 1}}, 0);
        QVERIFY2(build.succeeded(), build.errorMessage.c_str());
        QVERIFY(!build.cached);
        QVERIFY(build.ttir.empty() && build.ttgir.empty() && build.llir.empty() &&
                build.ptx.empty());
    }

    void saysWhenTritonsPythonCannotBeStarted()
    {
        const QByteArray saved = qgetenv("TUNEBENCH_TRITON_PYTHON");
        qputenv("TUNEBENCH_TRITON_PYTHON", "/nonexistent/python3");
        CudaCompileBackend backend(m_directory.filePath("other").toStdString(), sm90());
        QVERIFY(backend.prepare(faultSpec("wild_store_kernel", false)).hasValue());
        const Result result = backend.evaluate(Configuration{{64, 4}}, 0, kNoStopAbove);
        qputenv("TUNEBENCH_TRITON_PYTHON", saved);
        QVERIFY2(result.status == ResultStatus::CompileError, describe(result).c_str());
        QVERIFY2(result.message.find("cannot start Triton's compiler (/nonexistent/python3)") !=
                     std::string::npos,
                 result.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTritonCompile)
#include "tst_tritoncompile.moc"
