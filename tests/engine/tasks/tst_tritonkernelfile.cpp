// Issue 36 item 5 with the real helper in the Triton environment: a kernel file's entries and
// its starting spec, which loads; and each way it can fail, with a message that says why.
#include "space/searchspace.h"
#include "spec/specloader.h"
#include "tasks/startingspecfile.h"
#include "tasks/tritonkernelfile.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

std::string matmulExample()
{
    return (tbtest::sourceDir() + "/resources/examples/triton/matmul.py").toStdString();
}

bool mentions(const EngineError &error, const std::string &part)
{
    return error.toString().find(part) != std::string::npos;
}

} // namespace

class TestTritonKernelFile : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void matmulOpensAsItsTwentyFourConfigurations()
    {
        auto file = TritonKernelFile::open(matmulExample());
        QVERIFY2(file, file ? "" : file.error().toString().c_str());
        auto entry = file->chooseEntry("");
        QVERIFY2(entry, entry ? "" : entry.error().toString().c_str());
        QCOMPARE(*entry, "matmul_kernel");
        const std::string specPath = path("specs/matmul.json");
        auto spec = file->startingSpec(*entry, specPath);
        QVERIFY2(spec, spec ? "" : spec.error().toString().c_str());
        // Relative to the spec's directory, as a spec names its kernel.
        const std::string source = spec->document["kernel"]["source"].get<std::string>();
        QVERIFY2(source.ends_with("resources/examples/triton/matmul.py") && source[0] == '.',
                 source.c_str());
        QVERIFY(!writeStartingSpec(*spec, specPath + ".missing-dir/x.json", false));
        QVERIFY(QDir().mkpath(QString::fromStdString(path("specs"))));
        QVERIFY(writeStartingSpec(*spec, specPath, false));
        QVERIFY(!writeStartingSpec(*spec, specPath, false)); // never replaced unasked
        QVERIFY(writeStartingSpec(*spec, specPath, true));

        SpecLoader loader;
        auto loaded = loader.loadFile(specPath);
        QVERIFY2(loaded, loaded ? "" : loaded.error().toString().c_str());
        auto space = SearchSpace::build(*loaded, 0);
        QVERIFY(space);
        QCOMPARE(space->validCount(), std::uint64_t{24});
        QCOMPARE(loaded->constraints.size(), std::size_t{1});
    }

    void severalKernelsAreChosenBetween()
    {
        const std::string kernel = write("two.py", "import triton\n"
                                                   "def helper(x):\n    return x\n"
                                                   "@triton.jit\ndef first(x_ptr):\n    pass\n"
                                                   "@triton.jit\ndef second(y_ptr):\n    pass\n");
        auto file = TritonKernelFile::open(kernel);
        QVERIFY(file);
        auto unnamed = file->chooseEntry("");
        QVERIFY(!unnamed);
        QVERIFY2(mentions(unnamed.error(), "several") && mentions(unnamed.error(), "first, second"),
                 unnamed.error().toString().c_str());
        QCOMPARE(*file->chooseEntry("second"), "second");
        auto unknown = file->chooseEntry("helper");
        QVERIFY(!unknown);
        QVERIFY(mentions(unknown.error(), "no @triton.jit function helper"));
        // Asked for directly, the function that is no kernel says so.
        auto notJit = file->startingSpec("helper", path("two.json"));
        QVERIFY(!notJit);
        QVERIFY2(mentions(notJit.error(), "not decorated with @triton.jit"),
                 notJit.error().toString().c_str());
        auto missing = file->startingSpec("third", path("two.json"));
        QVERIFY(!missing);
        QVERIFY(mentions(missing.error(), "no top-level function third"));
    }

    void aKernelWithoutAutotuneOpensAtItsDefaults()
    {
        const std::string kernel =
            write("scale.py", "import triton\nimport triton.language as tl\n"
                              "@triton.jit\n"
                              "def scale(x_ptr, n: int, BLOCK: tl.constexpr = 256):\n    pass\n");
        auto file = TritonKernelFile::open(kernel);
        QVERIFY(file);
        auto spec = file->startingSpec(*file->chooseEntry(""), path("scale.json"));
        QVERIFY2(spec, spec ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->document["kernel"]["source"], "scale.py");
        QCOMPARE(spec->document["parameters"].dump(),
                 R"([{"name":"BLOCK","values":[256]},{"name":"num_warps","values":[4]},)"
                 R"({"name":"num_stages","values":[3]}])");
        QVERIFY(writeStartingSpec(*spec, path("scale.json"), false));
        SpecLoader loader;
        auto loaded = loader.loadFile(path("scale.json"));
        QVERIFY2(loaded, loaded ? "" : loaded.error().toString().c_str());
    }

    void anUnreadableAutotuneSaysWhere()
    {
        const std::string kernel =
            write("listed.py", "import triton\nimport triton.language as tl\n"
                               "@triton.autotune(configs=[triton.Config({'B': b}) for b in (1, 2)],"
                               " key=['n'])\n"
                               "@triton.jit\ndef k(x_ptr, n, B: tl.constexpr):\n    pass\n");
        auto file = TritonKernelFile::open(kernel);
        QVERIFY(file);
        auto spec = file->startingSpec("k", path("listed.json"));
        QVERIFY(!spec);
        QCOMPARE(spec.error().code, EngineError::Code::InvalidSpec);
        QVERIFY2(mentions(spec.error(), "line 3") && mentions(spec.error(), "comprehension"),
                 spec.error().toString().c_str());
    }

    void aFileThatDoesNotParseSaysWhere()
    {
        auto file = TritonKernelFile::open(write("broken.py", "import triton\ndef (:\n"));
        QVERIFY(file);
        auto kernels = file->kernels();
        QVERIFY(!kernels);
        QVERIFY2(mentions(kernels.error(), "broken.py:2"), kernels.error().toString().c_str());
    }

    void aMissingFileIsSaid()
    {
        auto file = TritonKernelFile::open(path("nowhere.py"));
        QVERIFY(!file);
        QCOMPARE(file.error().code, EngineError::Code::IoError);
        QVERIFY(mentions(file.error(), "no such kernel file"));
    }

    void withoutTritonTheInstallStepIsNamed()
    {
        const QByteArray python = qgetenv("TUNEBENCH_TRITON_PYTHON");
        const QByteArray venv = qgetenv("TUNEBENCH_TRITON_VENV");
        qunsetenv("TUNEBENCH_TRITON_PYTHON");
        qputenv("TUNEBENCH_TRITON_VENV", QByteArray("/nonexistent/triton-venv"));
        auto file = TritonKernelFile::open(matmulExample());
        restore("TUNEBENCH_TRITON_PYTHON", python);
        restore("TUNEBENCH_TRITON_VENV", venv);
        QVERIFY(!file);
        QCOMPARE(file.error().code, EngineError::Code::BackendError);
        QVERIFY2(mentions(file.error(), "install-triton.sh"), file.error().toString().c_str());
    }

private:
    std::string path(const char *name) const { return m_dir.filePath(name).toStdString(); }

    std::string write(const char *name, const char *text) const
    {
        QFile file(QString::fromStdString(path(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0)
            qFatal("cannot write %s", name);
        return path(name);
    }

    static void restore(const char *name, const QByteArray &value)
    {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestTritonKernelFile)
#include "tst_tritonkernelfile.moc"
