// A Triton configuration compiled as the Kernel page's "Compile config" does (issue 36, item 6):
// the real cuda-compile worker runs Triton's compiler for sm_90 without a GPU, and the page gets
// the kernel's TTIR, TTGIR, LLIR, PTX and SASS, its ptxas figures, and Triton's own message with
// the source line when the kernel does not compile.
#include "examplecompilerequest.h"
#include "model/resultfigure.h"
#include "tasks/cudaconfigurationbuild.h"
#include "tasks/toolsearch.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <optional>

using namespace tb;

class TestTritonConfigurationBuild : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // resources/examples/triton holds two specs: softmax.json is the one compiled here, its
    // reference configuration (4 warps, 1 stage) at the first size.
    CompileRequest softmax()
    {
        const QString folder = m_dir.filePath(QStringLiteral("triton"));
        if (tbtest::copyExample(QStringLiteral("triton"), folder).isEmpty())
            qFatal("cannot copy the Triton examples to %s", qPrintable(folder));
        const std::string specPath = (folder + QStringLiteral("/softmax.json")).toStdString();
        SpecLoader loader;
        auto spec = loader.loadFile(specPath);
        if (!spec)
            qFatal("cannot load %s: %s", specPath.c_str(), spec.error().toString().c_str());
        CompileRequest r;
        r.spec = *spec;
        r.code = r.spec.kernel.code;
        r.config = Configuration{*r.spec.verification.reference};
        r.arch = "sm_90"; // what CI compiles for, GPU or not
        r.workerPath = tbtest::workerPath().toStdString();
        r.cacheDirectory = m_dir.filePath(QStringLiteral("cache")).toStdString();
        r.timeoutSeconds = 300; // a cold Triton import and compile on a loaded machine
        return r;
    }

    static CompileOutcome compile(const CompileRequest &r)
    {
        const std::atomic<bool> cancelled{false};
        return buildCudaConfiguration(r, cancelled);
    }

    // The listing's text; fails the test with its problem when it has none.
    static QString text(const CompileOutcome &outcome, const char *title)
    {
        const CodeListing *listing = outcome.code.find(title);
        if (!listing)
            return QStringLiteral("<no %1 listing>").arg(QLatin1String(title));
        return QString::fromStdString(listing->problem.empty() ? listing->text
                                                               : "<none: " + listing->problem);
    }

    // Each stage names its own dialect: what a reader of the tab recognises it by.
    static void verifyListings(const CompileOutcome &outcome)
    {
        const QString ttir = text(outcome, "TTIR");
        QVERIFY2(ttir.contains(QLatin1String("tt.func")), qPrintable(ttir.left(1000)));
        QVERIFY(ttir.contains(QLatin1String("softmax_kernel")));
        const QString ttgir = text(outcome, "TTGIR");
        QVERIFY2(ttgir.contains(QLatin1String("ttg.")), qPrintable(ttgir.left(1000)));
        QVERIFY(ttgir.contains(QLatin1String("\"ttg.num-warps\" = 4")));
        const QString llir = text(outcome, "LLIR");
        QVERIFY2(llir.contains(QLatin1String("define ")), qPrintable(llir.left(1000)));
        const QString ptx = text(outcome, "PTX");
        QVERIFY2(ptx.contains(QLatin1String(".entry softmax_kernel")), qPrintable(ptx.left(1000)));
        QVERIFY(ptx.contains(QLatin1String(".target sm_90")));
        QCOMPARE(outcome.code.symbol, std::string("softmax_kernel"));

        // SASS needs nvdisasm: asserted as this machine has it or not.
        const QString sass = text(outcome, "SASS");
        if (findTool("nvdisasm", ToolSearch::cudaTools()).empty()) {
            QVERIFY2(sass.contains(QLatin1String("SASS needs nvdisasm")), qPrintable(sass));
        } else {
            QVERIFY2(sass.contains(QLatin1String("softmax_kernel:")), qPrintable(sass.left(1000)));
            QVERIFY(sass.contains(QLatin1String(" EXIT")));
        }
        QCOMPARE(outcome.code.listings.size(), std::size_t(5));
        QCOMPARE(outcome.code.listings.front().title, std::string("TTIR"));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void givesEveryStageOfTheKernelWithItsFigures()
    {
        const CompileOutcome outcome = compile(softmax());
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("ok"));
        QVERIFY(outcome.built);
        QVERIFY(!outcome.result.cachedBuild);
        QCOMPARE(outcome.target, std::string("sm_90"));
        verifyListings(outcome);
        // The resource usage the page shows, from ptxas as for CUDA C++.
        QVERIFY(outcome.result.resource(figures::kRegisters).value_or(0) > 0);
        QCOMPARE(outcome.result.resource(figures::kSpillStores), std::optional<double>(0));
        QVERIFY(outcome.result.resource(figures::kStaticShared).has_value());
        QCOMPARE(outcome.result.resource(figures::kThreadsPerBlock), std::optional<double>(128));
        QVERIFY(outcome.result.compilerLog.find("ptxas") != std::string::npos);
    }

    // The cache keeps the cubin only: a cached build's stages are compiled again, the SASS is
    // the cached cubin's.
    void aCachedBuildStillHasEveryStage()
    {
        const CompileRequest r = softmax();
        const CompileOutcome first = compile(r);
        QVERIFY2(first.failure.empty(), first.failure.c_str());
        const CompileOutcome second = compile(r);
        QVERIFY2(second.failure.empty(), second.failure.c_str());
        QVERIFY(second.result.cachedBuild);
        verifyListings(second);
        for (const char *title : {"TTIR", "TTGIR", "PTX", "SASS"})
            QVERIFY2(text(first, title) == text(second, title), title);
    }

    void aKernelThatDoesNotCompileKeepsTritonsMessageAndLine()
    {
        CompileRequest r = softmax();
        const std::string anchor = "cols = tl.arange";
        const std::size_t at = r.code.find(anchor);
        QVERIFY(at != std::string::npos);
        r.code.insert(at, "undefined_name + 1\n    ");
        const int line = int(std::count(r.code.begin(), r.code.begin() + at, '\n')) + 1;

        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("compile_error"));
        QVERIFY(!outcome.built);
        QVERIFY(outcome.code.listings.empty());
        const std::string where = "softmax.py line " + std::to_string(line) + ": ";
        QVERIFY2(outcome.result.compilerLog.starts_with(where), outcome.result.compilerLog.c_str());
        QVERIFY(outcome.result.compilerLog.find("undefined_name") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTritonConfigurationBuild)
#include "tst_tritonconfigurationbuild.moc"
