#include "backend/common/atomicfile.h"
#include "backend/cuda/compile/codefiles.h"
#include "backend/cuda/compile/cudacompilebackend.h"
#include "testpaths.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <iterator>
#include <optional>

using namespace tb;

namespace {

std::string scalePath()
{
    return (tbtest::sourceDir() + "/tests/engine/backend/cuda/compile/data/scale.cu").toStdString();
}

// data/scale.cu over N = 2^20 (and 1000) floats; T_BLOCK 2048 is beyond any GPU, UNROLL 16
// trips the kernel's static_assert.
Spec scaleSpec()
{
    Spec spec;
    spec.name = "scale";
    spec.backend = BackendKind::Cuda;
    spec.kernel.sourcePath = scalePath();
    std::ifstream file(spec.kernel.sourcePath);
    spec.kernel.code.assign(std::istreambuf_iterator<char>(file), {});
    spec.kernel.entry = "scale<T_BLOCK, UNROLL>";
    spec.kernel.language = "cuda";
    spec.parameters = {{"T_BLOCK", {64, 128, 2048}}, {"UNROLL", {1, 4, 16}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{1 << 20}, {1000}};
    spec.launch = LaunchGeometry{{"ceil_div(N, T_BLOCK * UNROLL)"}, {"T_BLOCK"}, "0"};
    spec.arguments = {{"data", Argument::Kind::Buffer, ElementType::Float32, "N", {}, true, {}},
                      {"n", Argument::Kind::Scalar, ElementType::Int32, {}, {}, false, "N"}};
    return spec;
}

const char *const kResourceKeys[] = {"registers",       "spill_stores",  "spill_loads",
                                     "stack_frame",     "static_shared", "dynamic_shared",
                                     "constant_memory", "barriers",      "threads_per_block",
                                     "blocks_per_sm",   "warps_per_sm",  "occupancy"};

std::string statusName(const Result &result)
{
    return std::string(toString(result.status));
}

} // namespace

class TestCudaCompileBackend : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }

private slots:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void compilesAndReportsResources()
    {
        CudaCompileBackend backend(cache(), {});
        QVERIFY(backend.prepare(scaleSpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{128, 4}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result) + result.message, std::string("ok"));
        QCOMPARE(result.timer, std::string("none"));
        QCOMPARE(result.summary.count, 0);
        QVERIFY(result.samples.empty());
        QVERIFY(result.compileSeconds > 0);
        QVERIFY(!result.cachedBuild);
        QVERIFY(result.compilerLog.find("ptxas info") != std::string::npos);

        QCOMPARE(result.resources.size(), std::size(kResourceKeys));
        for (const char *key : kResourceKeys)
            QVERIFY2(result.resources.count(key) == 1, key);
        const auto &r = result.resources;
        QVERIFY(r.at("registers") > 0 && r.at("registers") <= 255);
        QCOMPARE(r.at("spill_stores"), 0.0);
        QCOMPARE(r.at("static_shared"), 0.0);
        QCOMPARE(r.at("dynamic_shared"), 0.0);
        QCOMPARE(r.at("threads_per_block"), 128.0);
        QVERIFY(r.at("blocks_per_sm") >= 1 && r.at("blocks_per_sm") <= 32);
        QCOMPARE(r.at("warps_per_sm"), r.at("blocks_per_sm") * 4);
        QCOMPARE(r.at("occupancy"), r.at("warps_per_sm") / 64);
        QVERIFY(r.at("occupancy") > 0 && r.at("occupancy") <= 1);

        // The same configuration again (or for another problem size: same code) is a cache hit.
        const Result again = backend.evaluate(Configuration{{128, 4}}, 1, kNoStopAbove);
        QCOMPARE(statusName(again), std::string("ok"));
        QVERIFY(again.cachedBuild);
        QCOMPARE(again.resources, result.resources);
    }

    void tooManyThreadsIsAnInvalidLaunch()
    {
        CudaCompileBackend backend(cache(), {});
        QVERIFY(backend.prepare(scaleSpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{2048, 1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), std::string("invalid_launch"));
        QCOMPARE(result.message, std::string("2048 threads per block exceed the limit of 1024"));
        // It compiled: the figures are there to explain the failure.
        QVERIFY(result.resources.at("registers") > 0);
        QCOMPARE(result.resources.at("occupancy"), 0.0);
        QVERIFY(!result.compilerLog.empty());
    }

    void tooMuchSharedMemoryIsAnInvalidLaunch()
    {
        Spec spec = scaleSpec();
        spec.launch->dynamicSharedMemory = "T_BLOCK * 4096"; // 256 KiB for 64 threads
        CudaCompileBackend backend(cache(), {});
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{64, 1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), std::string("invalid_launch"));
        QVERIFY2(result.message.find("shared memory") != std::string::npos, result.message.c_str());
        QCOMPARE(result.resources.at("dynamic_shared"), 262144.0);
    }

    void aBadShapeIsAnInvalidLaunch()
    {
        Spec spec = scaleSpec();
        spec.launch->grid = {"N / T_BLOCK"};
        CudaCompileBackend backend(cache(), {});
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result =
            backend.evaluate(Configuration{{64, 1}}, 1, kNoStopAbove); // 1000 / 64
        QCOMPARE(statusName(result), std::string("invalid_launch"));
        QVERIFY2(result.message.find("/launch/grid/0") != std::string::npos,
                 result.message.c_str());
        QVERIFY(result.compilerLog.empty()); // not compiled: the shape comes first
    }

    void keepsTheLogOfACompileError()
    {
        CudaCompileBackend backend(cache(), {});
        QVERIFY(backend.prepare(scaleSpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{128, 16}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), std::string("compile_error"));
        QVERIFY2(result.message.find("error") != std::string::npos, result.message.c_str());
        QVERIFY(result.compilerLog.find("supports UNROLL up to 8") != std::string::npos);
        QVERIFY(result.resources.empty());
    }

    void rejectsWhatItCannotRun()
    {
        CudaCompileBackend backend(cache(), {});
        Spec cpu = scaleSpec();
        cpu.backend = BackendKind::Cpu;
        QCOMPARE(backend.prepare(cpu).error().code, EngineError::Code::InvalidSpec);
        Spec noLaunch = scaleSpec();
        noLaunch.launch.reset();
        QCOMPARE(backend.prepare(noLaunch).error().code, EngineError::Code::InvalidSpec);

        CudaCompileOptions pascal;
        pascal.arch = "sm_61";
        QVERIFY(!CudaCompileBackend(cache(), pascal).prepare(scaleSpec()).hasValue());

        QCOMPARE(statusName(backend.evaluate(Configuration{{128, 4}}, 0, kNoStopAbove)),
                 std::string("runtime_error"));
        QVERIFY(backend.prepare(scaleSpec()).hasValue());
        QCOMPARE(statusName(backend.evaluate(Configuration{{128, 4}}, 5, kNoStopAbove)),
                 std::string("runtime_error"));
        QCOMPARE(statusName(backend.evaluate(Configuration{{128}}, 0, kNoStopAbove)),
                 std::string("runtime_error"));
    }

    // The Kernel page's worker (--code-dir): each build's PTX, cubin and entry symbol are left
    // in the directory, from a fresh compile and from the cache alike.
    void writesTheCodeFilesWhenAskedFor()
    {
        for (const char *name : {"code-fresh", "code-cached"}) {
            const QString directory = m_directory.filePath(QString::fromLatin1(name));
            QVERIFY(QDir().mkpath(directory));
            // A cache of its own: the first build is a fresh one whichever tests ran before.
            CudaCompileBackend backend(m_directory.filePath("code-cache").toStdString(),
                                       {"sm_90", {}, directory.toStdString()});
            QVERIFY(backend.prepare(scaleSpec()).hasValue());
            const Result result = backend.evaluate(Configuration{{64, 1}}, 0, kNoStopAbove);
            QCOMPARE(statusName(result) + result.message, std::string("ok"));
            QCOMPARE(result.cachedBuild, std::string(name) == "code-cached");
            const std::string stem = directory.toStdString() + "/";
            const auto symbol = readTextFile(stem + kCodeEntryFile);
            QVERIFY(symbol && symbol->starts_with("_Z5scaleILi64ELi1EE"));
            const auto ptx = readTextFile(stem + kCodePtxFile);
            QVERIFY2(ptx && ptx->find(".entry " + *symbol) != std::string::npos, name);
            QVERIFY(ptx->find(".target sm_90") != std::string::npos);
            const auto cubin = readTextFile(stem + kCodeCubinFile);
            QVERIFY(cubin && cubin->size() > 4 && (*cubin)[0] == '\x7f');
            QCOMPARE(cubin->substr(1, 3), std::string("ELF"));
        }
    }

    // A build without Triton's stages must not leave an earlier Triton build's in the
    // directory, where the Kernel page would show them as this build's.
    void removesTheStagesOfAnEarlierBuild()
    {
        const QString directory = m_directory.filePath(QStringLiteral("code-stale"));
        QVERIFY(QDir().mkpath(directory));
        const std::string stem = directory.toStdString() + "/";
        CudaBuild build;
        build.cubinPath = stem + "built.cubin";
        build.loweredName = "kernel";
        build.ttir = "module { tt.func }";
        build.llir = "define void @kernel()";
        QVERIFY(writeFileAtomically(build.cubinPath, "\x7f"
                                                     "ELF")
                    .hasValue());
        QVERIFY(writeCodeFiles(directory.toStdString(), build).hasValue());
        QCOMPARE(readTextFile(stem + kCodeTtirFile), std::optional<std::string>(build.ttir));
        QVERIFY(!readTextFile(stem + kCodeTtgirFile)); // none in the build, none written

        build.ttir.clear();
        build.llir.clear();
        build.ptx = ".entry kernel";
        QVERIFY(writeCodeFiles(directory.toStdString(), build).hasValue());
        QVERIFY(!readTextFile(stem + kCodeTtirFile));
        QVERIFY(!readTextFile(stem + kCodeLlirFile));
        QCOMPARE(readTextFile(stem + kCodePtxFile), std::optional<std::string>(build.ptx));
    }

    // Tuning runs ask for no code: no PTX is kept and nothing else is written.
    void keepsNoPtxInTuningRuns()
    {
        const Spec spec = scaleSpec();
        const NvrtcCompiler plain(cache(), {"sm_90", {}, {}});
        const CudaBuild build = plain.build(spec.kernel, spec.parameters, Configuration{{128, 1}});
        QVERIFY2(build.succeeded(), build.errorMessage.c_str());
        QVERIFY(build.ptx.empty());
        const NvrtcCompiler forPage(cache(), {"sm_90", {}, m_directory.path().toStdString()});
        const CudaBuild again =
            forPage.build(spec.kernel, spec.parameters, Configuration{{128, 1}});
        QVERIFY(again.cached);
        QVERIFY(again.ptx.find(".entry " + again.loweredName) != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCudaCompileBackend)
#include "tst_cudacompilebackend.moc"
