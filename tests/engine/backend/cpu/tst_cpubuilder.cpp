#include "backend/cpu/cpubuilder.h"
#include "backend/cpu/kernellibrary.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace tb;

namespace {

KernelSource cKernel(const std::string &code)
{
    KernelSource kernel;
    kernel.code = code;
    kernel.entry = "answer";
    kernel.language = "c";
    return kernel;
}

const char *const kAnswer = "int answer(void) { return VALUE * 2; }\n";

// Calls an `int f(void)` entry of a built library.
int callIntEntry(const std::string &libraryPath, const std::string &entry)
{
    auto library = KernelLibrary::open(libraryPath, entry);
    if (!library)
        return -1;
    auto *function = reinterpret_cast<int (*)()>(library->entry());
    return function();
}

} // namespace

class TestCpuBuilder : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_directory.isValid());
        QVERIFY(CpuBuilder(cache()).createCacheDirectory().hasValue());
        QVERIFY(std::filesystem::is_directory(cache()));
    }

    void buildsThenHitsTheCache()
    {
        const CpuBuilder builder(cache());
        const std::vector<Parameter> parameters{{"VALUE", {21}}};
        const CpuBuild first = builder.build(cKernel(kAnswer), parameters, Configuration{{21}});
        QVERIFY2(first.succeeded(), first.errorMessage.c_str());
        QVERIFY(!first.cached);
        QVERIFY(first.seconds > 0);
        QVERIFY(std::filesystem::exists(first.libraryPath));
        QCOMPARE(std::filesystem::path(first.libraryPath).parent_path().string(), cache());
        QCOMPARE(callIntEntry(first.libraryPath, "answer"), 42); // -DVALUE=21 reached the code

        const CpuBuild second = builder.build(cKernel(kAnswer), parameters, Configuration{{21}});
        QVERIFY(second.succeeded());
        QVERIFY(second.cached);
        QCOMPARE(second.libraryPath, first.libraryPath);
        QCOMPARE(second.log, first.log);
    }

    void givesEachDefineItsOwnLibrary()
    {
        const CpuBuilder builder(cache());
        const std::vector<Parameter> parameters{{"VALUE", {5, 21}}};
        const CpuBuild five = builder.build(cKernel(kAnswer), parameters, Configuration{{5}});
        const CpuBuild other = builder.build(cKernel(kAnswer), parameters, Configuration{{21}});
        QVERIFY(five.succeeded() && other.succeeded());
        QVERIFY(five.libraryPath != other.libraryPath);
        QCOMPARE(callIntEntry(five.libraryPath, "answer"), 10);
    }

    void passesFlagsInOrder()
    {
        KernelSource kernel = cKernel(kAnswer);
        kernel.compilerFlags = {"-ffast-math"};
        const auto flags = CpuBuilder::compileFlags(kernel, {{"BM", {64}}, {"S", {0.5}}},
                                                    Configuration{{64, 0.5}});
        const std::vector<std::string> expected{"-O3",      "-march=native", "-fPIC",   "-shared",
                                                "-std=c11", "-ffast-math",   "-DBM=64", "-DS=0.5"};
        QCOMPARE(flags, expected);
    }

    void reportsSyntaxErrorsWithTheCompilersMessage()
    {
        KernelSource kernel = cKernel("int answer(void)\n{\n    return 1\n}\n");
        kernel.sourcePath = m_directory.filePath("broken.c").toStdString();
        const CpuBuild build = CpuBuilder(cache()).build(kernel, {}, Configuration{});
        QVERIFY(!build.succeeded());
        QVERIFY(!build.cached);
        QVERIFY(build.seconds > 0);
        QVERIFY2(build.errorMessage.find("error") != std::string::npos, build.errorMessage.c_str());
        // The #line directive makes the compiler name the user's file and line 3 or 4 (gcc
        // points at the end of line 3, clang at the '}').
        QVERIFY2(build.log.find("broken.c:3:") != std::string::npos ||
                     build.log.find("broken.c:4:") != std::string::npos,
                 build.log.c_str());
        QVERIFY(build.log.find("expected") != std::string::npos);
        QVERIFY(!std::filesystem::exists(build.libraryPath));
    }

    // The message is the first error with its file and line, also when the file's own name
    // says "error" and so does every line gcc prints ("compile_error.c: In function ...").
    void messageIsTheFirstErrorWithItsFileAndLine()
    {
        KernelSource kernel = cKernel("int answer(void)\n{\n    return y;\n}\n");
        kernel.sourcePath = m_directory.filePath("compile_error.c").toStdString();
        const CpuBuild build = CpuBuilder(cache()).build(kernel, {}, Configuration{});
        QVERIFY(!build.succeeded());
        QVERIFY2(build.errorMessage.find("compile_error.c:3:") != std::string::npos,
                 build.errorMessage.c_str());
        QVERIFY2(build.errorMessage.find("error: ") != std::string::npos,
                 build.errorMessage.c_str());
        QVERIFY2(build.errorMessage.find("'y' undeclared") != std::string::npos ||
                     build.errorMessage.find("\u2018y\u2019 undeclared") != std::string::npos ||
                     build.errorMessage.find("undeclared identifier 'y'") != std::string::npos,
                 build.errorMessage.c_str());
        QVERIFY(build.errorMessage.find("In function") == std::string::npos);
    }

    void buildsCxxWithAnExternCEntry()
    {
        KernelSource kernel;
        kernel.language = "c++";
        kernel.entry = "total";
        kernel.code = "#include <numeric>\n#include <vector>\n"
                      "template<int N> int sum() { std::vector<int> v(N); "
                      "std::iota(v.begin(), v.end(), 1); "
                      "return std::accumulate(v.begin(), v.end(), 0); }\n"
                      "extern \"C\" int total(void) { return sum<COUNT>(); }\n";
        const CpuBuild build =
            CpuBuilder(cache()).build(kernel, {{"COUNT", {4}}}, Configuration{{4}});
        QVERIFY2(build.succeeded(), (build.errorMessage + "\n" + build.log).c_str());
        QCOMPARE(callIntEntry(build.libraryPath, "total"), 10);
    }

    void reportsAMissingEntry()
    {
        const CpuBuild build =
            CpuBuilder(cache()).build(cKernel(kAnswer), {{"VALUE", {1}}}, Configuration{{1}});
        QVERIFY(build.succeeded());
        auto library = KernelLibrary::open(build.libraryPath, "matmul");
        QVERIFY(!library);
        QCOMPARE(library.error().code, EngineError::Code::CompileError);
        QVERIFY2(library.error().message.find("entry 'matmul' not found in the built library") !=
                     std::string::npos,
                 library.error().message.c_str());
    }

    void honoursTheCompilerOverride()
    {
        qputenv("TB_CC", "ccache  gcc");
        QCOMPARE(CpuBuilder::compilerCommand("c"), (std::vector<std::string>{"ccache", "gcc"}));
        qputenv("TB_CC", "/nonexistent/tunebench-cc");
        const CpuBuild build =
            CpuBuilder(cache()).build(cKernel(kAnswer), {{"VALUE", {3}}}, Configuration{{3}});
        qunsetenv("TB_CC");
        QVERIFY(!build.succeeded());
        QVERIFY2(build.errorMessage.find("/nonexistent/tunebench-cc") != std::string::npos,
                 build.errorMessage.c_str());
        QCOMPARE(CpuBuilder::compilerCommand("c"), (std::vector<std::string>{"cc"}));
        QCOMPARE(CpuBuilder::compilerCommand("c++"), (std::vector<std::string>{"c++"}));
    }

    void rejectsOtherLanguages()
    {
        KernelSource kernel = cKernel(kAnswer);
        kernel.language = "cuda";
        const CpuBuild build = CpuBuilder(cache()).build(kernel, {}, Configuration{});
        QVERIFY(!build.succeeded());
        QVERIFY(build.errorMessage.find("'cuda'") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCpuBuilder)
#include "tst_cpubuilder.moc"
