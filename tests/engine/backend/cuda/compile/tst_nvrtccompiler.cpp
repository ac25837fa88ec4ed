#include "backend/cuda/compile/nvrtcarchitectures.h"
#include "backend/cuda/compile/nvrtccompiler.h"
#include "testpaths.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

using namespace tb;

namespace {

KernelSource cudaKernel(const std::string &code, const std::string &entry)
{
    KernelSource kernel;
    kernel.code = code;
    kernel.entry = entry;
    kernel.language = "cuda";
    return kernel;
}

std::string readFile(const std::string &path)
{
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

std::string dataPath(const char *name)
{
    return (tbtest::sourceDir() + "/tests/engine/backend/cuda/compile/data/").toStdString() + name;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

const char *const kAddOne = "__global__ void add_one(float *data)\n"
                            "{\n"
                            "    data[threadIdx.x] += 1.0f;\n"
                            "}\n";

// Keeps 64 values live across a loop with a data-dependent index: more than 32 registers'
// worth, so __maxnreg__(32) makes ptxas spill to local memory.
const char *const kSpilling =
    "__global__ void __maxnreg__(32) spill(const float *in, float *out, int k)\n"
    "{\n"
    "    float a[64];\n"
    "    for (int i = 0; i < 64; ++i)\n"
    "        a[i] = in[i * blockDim.x + threadIdx.x];\n"
    "    float sum = 0;\n"
    "    for (int j = 0; j < 64; ++j)\n"
    "        sum += a[(j * k) & 63] * a[j];\n"
    "    out[threadIdx.x] = sum;\n"
    "}\n";

} // namespace

class TestNvrtcCompiler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }

private slots:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void compilesAPlainKernelToACubin()
    {
        const NvrtcCompiler compiler(cache());
        const CudaBuild build = compiler.build(cudaKernel(kAddOne, "add_one"), {}, {});
        QVERIFY2(build.succeeded(), build.errorMessage.c_str());
        QVERIFY(!build.cached);
        QVERIFY(build.seconds > 0);
        QCOMPARE(build.arch, std::string("sm_90"));
        QCOMPARE(std::filesystem::path(build.cubinPath).parent_path().string(), cache() + "/cuda");
        QCOMPARE(readFile(build.cubinPath).substr(0, 4), std::string("\x7f"
                                                                     "ELF"));
        // A plain __global__ function is a C++ symbol: the name expression gives its mangling.
        QCOMPARE(build.loweredName, std::string("_Z7add_onePf"));
        QVERIFY(build.usage.registers > 0);
        QVERIFY(
            contains(build.log, "Used " + std::to_string(build.usage.registers) + " registers"));
        QVERIFY(!build.log.empty() && build.log.back() == '\n'); // no NUL bytes kept
        const std::string metadata =
            std::filesystem::path(build.cubinPath).replace_extension(".json").string();
        QVERIFY(contains(readFile(metadata), "_Z7add_onePf"));
    }

    void hitsTheCacheTheSecondTime()
    {
        const NvrtcCompiler compiler(cache());
        const CudaBuild first = compiler.build(cudaKernel(kAddOne, "add_one"), {}, {});
        QVERIFY(first.succeeded());
        // Another compiler (another worker process) sharing the directory finds it too.
        const CudaBuild second =
            NvrtcCompiler(cache()).build(cudaKernel(kAddOne, "add_one"), {}, {});
        QVERIFY(second.succeeded());
        QVERIFY(second.cached);
        QCOMPARE(second.cubinPath, first.cubinPath);
        QCOMPARE(second.loweredName, first.loweredName);
        QCOMPARE(second.log, first.log);
        QCOMPARE(second.usage, first.usage);
        QCOMPARE(second.arch, first.arch);
    }

    void sharesTheCacheBetweenConcurrentBuilds()
    {
        // Workers race to publish the same build: each must get a complete cubin, and no
        // temporary file may be left behind.
        const std::string directory = m_directory.filePath("racing").toStdString();
        const KernelSource kernel = cudaKernel(kAddOne, "add_one");
        std::vector<CudaBuild> builds(3);
        std::vector<std::thread> threads;
        for (auto &build : builds)
            threads.emplace_back([&] { build = NvrtcCompiler(directory).build(kernel, {}, {}); });
        for (auto &thread : threads)
            thread.join();
        for (const auto &build : builds) {
            QVERIFY2(build.succeeded(), build.errorMessage.c_str());
            QCOMPARE(build.cubinPath, builds.front().cubinPath);
        }
        QCOMPARE(readFile(builds.front().cubinPath).substr(0, 4), std::string("\x7f"
                                                                              "ELF"));
        std::vector<std::string> files;
        for (const auto &entry : std::filesystem::directory_iterator(directory + "/cuda"))
            files.push_back(entry.path().extension().string());
        std::sort(files.begin(), files.end());
        QCOMPARE(files, (std::vector<std::string>{".cubin", ".json"}));
    }

    // NVRTC 13 has a cache of its own in the CUDA driver's (where a driver loads, as on a GPU
    // machine): a hit there skips ptxas, leaving the log without its report and the build
    // without figures. Two workers once compiled one sgemm configuration at the same time (its
    // two problem sizes), and the second stored 0 registers and an empty log. Every compile
    // that our cubin cache does not answer must run ptxas: here two caches of ours each miss.
    void reportsPtxasFiguresForEveryCompileOurCacheMisses()
    {
        const KernelSource kernel = cudaKernel(std::string(kAddOne) + "// twice\n", "add_one");
        const NvrtcCompiler compiler(cache());
        const auto options = compiler.compileOptions(kernel, {}, {});
        QVERIFY(std::find(options.begin(), options.end(), "--no-cache") != options.end());
        const CudaBuild first = compiler.build(kernel, {}, {});
        const CudaBuild second =
            NvrtcCompiler(m_directory.filePath("other-cache").toStdString()).build(kernel, {}, {});
        for (const CudaBuild *build : {&first, &second}) {
            QVERIFY2(build->succeeded(), build->errorMessage.c_str());
            QVERIFY(!build->cached);
            QVERIFY(build->usage.registers > 0);
            QVERIFY2(contains(build->log,
                              "Used " + std::to_string(build->usage.registers) + " registers"),
                     build->log.c_str());
        }
        QCOMPARE(second.usage, first.usage);
    }

    void rebuildsADamagedCacheEntry()
    {
        const KernelSource kernel = cudaKernel(std::string(kAddOne) + "// damaged\n", "add_one");
        const NvrtcCompiler compiler(cache());
        const CudaBuild first = compiler.build(kernel, {}, {});
        QVERIFY(first.succeeded());
        std::ofstream(std::filesystem::path(first.cubinPath).replace_extension(".json")) << "{";
        const CudaBuild again = compiler.build(kernel, {}, {});
        QVERIFY2(again.succeeded(), again.errorMessage.c_str());
        QVERIFY(!again.cached);
        QVERIFY(compiler.build(kernel, {}, {}).cached);
    }

    void passesParametersAsDefines()
    {
        const KernelSource kernel =
            cudaKernel("static_assert(BLOCK == 128, \"BLOCK must be 128\");\n"
                       "__global__ void k(float *x) { x[threadIdx.x] = BLOCK; }\n",
                       "k");
        const std::vector<Parameter> parameters{{"BLOCK", {64, 128}}};
        const NvrtcCompiler compiler(cache());
        const CudaBuild good = compiler.build(kernel, parameters, Configuration{{128}});
        QVERIFY2(good.succeeded(), good.errorMessage.c_str());

        const CudaBuild bad = compiler.build(kernel, parameters, Configuration{{64}});
        QVERIFY(!bad.succeeded());
        QVERIFY(bad.cubinPath.empty());
        QVERIFY2(contains(bad.log, "BLOCK must be 128"), bad.log.c_str());
        QVERIFY2(contains(bad.errorMessage, "kernel.cu(1): error"), bad.errorMessage.c_str());
    }

    void reportsTheFirstErrorLine()
    {
        const KernelSource kernel = cudaKernel("__global__ void k(float *data)\n"
                                               "{\n"
                                               "    data[0] = x;\n"
                                               "    data[1] = y;\n"
                                               "}\n",
                                               "k");
        const CudaBuild build = NvrtcCompiler(cache()).build(kernel, {}, {});
        QVERIFY(!build.succeeded());
        QCOMPARE(build.errorMessage,
                 std::string("kernel.cu(3): error: identifier \"x\" is undefined"));
        QVERIFY(contains(build.log, "identifier \"y\" is undefined"));
    }

    void reportsAnUnknownEntry()
    {
        const CudaBuild build =
            NvrtcCompiler(cache()).build(cudaKernel(kAddOne, "add_two"), {}, {});
        QVERIFY(!build.succeeded());
        QVERIFY2(build.errorMessage.starts_with("no kernel matches the entry 'add_two'"),
                 build.errorMessage.c_str());
    }

    void resolvesATemplateEntry()
    {
        KernelSource kernel = cudaKernel(readFile(dataPath("scale.cu")), "scale<T_BLOCK, UNROLL>");
        kernel.sourcePath = dataPath("scale.cu"); // its #include "scalefactor.cuh" must resolve
        const std::vector<Parameter> parameters{{"T_BLOCK", {128}}, {"UNROLL", {4}}};
        const CudaBuild build =
            NvrtcCompiler(cache()).build(kernel, parameters, Configuration{{128, 4}});
        QVERIFY2(build.succeeded(), (build.errorMessage + "\n" + build.log).c_str());
        QCOMPARE(build.loweredName, std::string("_Z5scaleILi128ELi4EEvPfi"));
        QVERIFY(build.usage.registers > 0);

        // UNROLL 16 trips the file's static_assert; the message names the file.
        const CudaBuild bad =
            NvrtcCompiler(cache()).build(kernel, parameters, Configuration{{128, 16}});
        QVERIFY(!bad.succeeded());
        QVERIFY2(contains(bad.errorMessage, "scale.cu(7): error"), bad.errorMessage.c_str());
    }

    // The natural template kernel: its template parameters carry the spec's parameter names.
    // A -DBM=64 would rewrite "template <int BM" into "template <int 64"; those parameters
    // reach the kernel as template arguments, their macros as TB_PARAM_<name>.
    void compilesATemplateKernelNamedLikeItsParameters()
    {
        const KernelSource kernel = cudaKernel(
            "template <int BM, int BN>\n"
            "__global__ void gemm(float *c)\n"
            "{\n"
            "    static_assert(TB_PARAM_BM == BM && TB_PARAM_BN == BN, \"macros agree\");\n"
            "    __shared__ float tile[BM][BN];\n"
            "    tile[threadIdx.y % BM][threadIdx.x % BN] = 1.0f;\n"
            "    __syncthreads();\n"
            "    c[threadIdx.x] = tile[0][threadIdx.x % BN] * UNROLL;\n"
            "}\n",
            "gemm<BM, BN>");
        const std::vector<Parameter> parameters{{"BM", {64}}, {"BN", {32}}, {"UNROLL", {2}}};
        const CudaBuild build =
            NvrtcCompiler(cache()).build(kernel, parameters, Configuration{{64, 32, 2}});
        QVERIFY2(build.succeeded(), (build.errorMessage + "\n" + build.log).c_str());
        QCOMPARE(build.loweredName, std::string("_Z4gemmILi64ELi32EEvPf"));
        QCOMPARE(build.usage.staticSharedBytes, 64 * 32 * 4);
    }

    // A macro that still rewrites a name the kernel declares is named in the message.
    void namesTheParameterWhoseDefineRewroteADeclaration()
    {
        const KernelSource kernel = cudaKernel("// tile edge\n"
                                               "constexpr int TILE = 16;\n"
                                               "__global__ void k(float *x) { x[0] = TILE; }\n",
                                               "k");
        const CudaBuild build =
            NvrtcCompiler(cache()).build(kernel, {{"TILE", {32}}}, Configuration{{32}});
        QVERIFY(!build.succeeded());
        QVERIFY2(contains(build.errorMessage, "kernel.cu(2): error"), build.errorMessage.c_str());
        QVERIFY2(contains(build.errorMessage,
                          "the spec's parameter TILE is passed as -DTILE=32, which rewrites the "
                          "name TILE declared at line 2 of the kernel"),
                 build.errorMessage.c_str());
    }

    void substitutesParametersInTheNameExpression()
    {
        const std::vector<Parameter> parameters{{"BM", {64}}, {"BN", {32}}, {"K", {0.5}}};
        const Configuration config{{64, 32, 0.5}};
        QCOMPARE(NvrtcCompiler::nameExpression("gemm<BM, BN>", parameters, config),
                 std::string("gemm<64, 32>"));
        // Whole words only: BMX and K2 are other names.
        QCOMPARE(NvrtcCompiler::nameExpression("f<BMX, BM*2, K2, K>", parameters, config),
                 std::string("f<BMX, 64*2, K2, 0.5>"));
        QCOMPARE(NvrtcCompiler::nameExpression("plain", parameters, config), std::string("plain"));
    }

    void reportsSpills()
    {
        const CudaBuild build =
            NvrtcCompiler(cache()).build(cudaKernel(kSpilling, "spill"), {}, {});
        QVERIFY2(build.succeeded(), build.errorMessage.c_str());
        QVERIFY(build.usage.registers > 0);
        QVERIFY(build.usage.registers <= 32);
        QVERIFY2(build.usage.spillStoreBytes > 0, build.log.c_str());
        QVERIFY(build.usage.spillLoadBytes > 0);
        QVERIFY(build.usage.stackFrameBytes >= build.usage.spillStoreBytes);
    }

    void buildsForTheRequestedArchitecture()
    {
        CudaCompileOptions options;
        options.arch = "sm_80";
        const CudaBuild ampere =
            NvrtcCompiler(cache(), options).build(cudaKernel(kAddOne, "add_one"), {}, {});
        const CudaBuild hopper =
            NvrtcCompiler(cache()).build(cudaKernel(kAddOne, "add_one"), {}, {});
        QVERIFY(ampere.succeeded() && hopper.succeeded());
        QCOMPARE(ampere.arch, std::string("sm_80"));
        QVERIFY(ampere.cubinPath != hopper.cubinPath);
        QVERIFY(contains(ampere.log, "for 'sm_80'"));
    }

    void listsItsOptions()
    {
        CudaCompileOptions options;
        options.toolkitRoot = "/opt/cuda";
        KernelSource kernel = cudaKernel(kAddOne, "add_one");
        kernel.sourcePath = "/src/kernels/add.cu";
        kernel.compilerFlags = {"--use_fast_math"};
        const auto list = NvrtcCompiler(cache(), options)
                              .compileOptions(kernel, {{"BLOCK", {128}}}, Configuration{{128}});
        const std::vector<std::string> expected{"-arch=sm_90",
                                                "-std=c++17",
                                                "-DBLOCK=128",
                                                "-I/opt/cuda/include",
                                                "-I/opt/cuda/include/cccl",
                                                "-I/src/kernels",
                                                "-Xptxas=-v",
                                                "-Xptxas=--warn-on-spills",
                                                "--no-cache",
                                                "-lineinfo",
                                                "--use_fast_math"};
        QCOMPARE(list, expected);
    }

    void knowsItsVersionAndArchitectures()
    {
        QVERIFY(QRegularExpression("^\\d+\\.\\d+$")
                    .match(QString::fromStdString(NvrtcCompiler::nvrtcVersionText()))
                    .hasMatch());
        const auto supported = nvrtcSupportedArchitectures();
        QVERIFY(std::find(supported.begin(), supported.end(), 90) != supported.end());
        QCOMPARE(*archForComputeCapability(9, 0), std::string("sm_90"));
        QCOMPARE(*archForComputeCapability(8, 6), std::string("sm_86"));
        auto old = archForComputeCapability(3, 5);
        QVERIFY(!old.hasValue());
        QVERIFY(contains(old.error().message, "3.5"));
        QVERIFY(contains(old.error().detail, "sm_90"));
    }
};

QTEST_GUILESS_MAIN(TestNvrtcCompiler)
#include "tst_nvrtccompiler.moc"
