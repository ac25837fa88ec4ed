// From a compiled configuration to its code (issue 21, item 5): PTX and SASS through the real
// cuda-compile worker and nvdisasm, the entry's disassembly through the host compiler and
// objdump, and what the Code tab says when a tool is missing.
#include "examplecompilerequest.h"
#include "tasks/cudaconfigurationbuild.h"
#include "tasks/disassembler.h"
#include "tasks/hostconfigurationbuild.h"
#include "tasks/toolrun.h"
#if TUNEBENCH_HAVE_CUDA
#include "backend/cuda/compile/nvrtccompiler.h"
#endif

#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tb;

class TestDisassembler : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    CompileRequest request(const QString &example)
    {
        return tbtest::exampleCompileRequest(m_dir, example, 120);
    }

    static CompileOutcome compile(const CompileRequest &r)
    {
        const std::atomic<bool> cancelled{false};
        return r.spec.backend == BackendKind::Cuda ? buildCudaConfiguration(r, cancelled)
                                                   : buildHostConfiguration(r, cancelled);
    }

    static QString listing(const CompileOutcome &outcome, const char *title)
    {
        const CodeListing *found = outcome.code.find(title);
        if (!found)
            return QStringLiteral("<no %1 listing>").arg(QLatin1String(title));
        return QString::fromStdString(found->problem.empty() ? found->text : found->problem);
    }

    // An empty directory: the fault injection "the tool is not installed".
    std::vector<std::string> nowhere()
    {
        const QString path = m_dir.filePath(QStringLiteral("no-tools-here"));
        QDir().mkpath(path);
        return {path.toStdString()};
    }

private slots:
#if TUNEBENCH_HAVE_CUDA
    // sgemm's entry is a template: its symbol is mangled, and the listings name it in C++.
    void cudaCompileGivesPtxAndSassWithTheDemangledEntry()
    {
        const CompileRequest r = request(QStringLiteral("sgemm"));
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QVERIFY(outcome.built);
        const QString instance = QString::fromStdString(
            NvrtcCompiler::nameExpression(r.spec.kernel.entry, r.spec.parameters, r.config));
        QVERIFY(QString::fromStdString(outcome.code.symbol).startsWith(QLatin1String("_Z")));
        QVERIFY2(QString::fromStdString(outcome.code.entry).contains(instance),
                 outcome.code.entry.c_str());

        const QString ptx = listing(outcome, "PTX");
        QVERIFY2(ptx.contains(QLatin1String(".entry ") + outcome.code.symbol.c_str()),
                 qPrintable(ptx.left(2000)));
        QVERIFY(ptx.contains(QLatin1String(".target ") + outcome.target.c_str()));
        QVERIFY(ptx.contains(QStringLiteral("// ") + QString::fromStdString(outcome.code.entry)));

        // Needs nvdisasm from the toolkit (packaging/install-deps.sh installs it).
        const QString sass = listing(outcome, "SASS");
        QVERIFY2(sass.contains(QString::fromStdString(outcome.code.symbol) + QLatin1Char(':')),
                 qPrintable(sass.left(2000)));
        QVERIFY(sass.contains(QString::fromStdString(outcome.code.entry)));
        QVERIFY(sass.contains(QLatin1String("/*0000*/")));
        for (const char *opcode : {" EXIT", " FFMA", " LDG.E"})
            QVERIFY2(sass.contains(QLatin1String(opcode)), opcode);
        QVERIFY(sass.contains(QLatin1String("//## File \"") + r.spec.kernel.sourcePath.c_str()));
    }

    // A build found in the cache did not run NVRTC: the worker compiles the PTX alone.
    void aCachedBuildStillHasItsPtx()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        const CompileOutcome first = compile(r);
        QVERIFY2(first.failure.empty(), first.failure.c_str());
        QVERIFY(!first.result.cachedBuild);
        const CompileOutcome second = compile(r);
        QVERIFY2(second.failure.empty(), second.failure.c_str());
        QVERIFY(second.result.cachedBuild);
        const CodeListing *ptx = second.code.find("PTX");
        QVERIFY(ptx);
        QVERIFY2(ptx->problem.empty(), ptx->problem.c_str());
        QVERIFY(ptx->text.find(".entry " + second.code.symbol) != std::string::npos);
        QCOMPARE(second.code.symbol, first.code.symbol);
    }

    void saysPlainlyWhenNvdisasmIsMissing()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.toolDirectories = nowhere(); // fault injection: no nvdisasm installed
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QVERIFY(outcome.built);
        const CodeListing *sass = outcome.code.find("SASS");
        QVERIFY(sass);
        QVERIFY(sass->text.empty());
        QCOMPARE(QString::fromStdString(sass->problem),
                 QStringLiteral("SASS needs nvdisasm from the CUDA toolkit; not found in %1.")
                     .arg(QString::fromStdString(r.toolDirectories.front())));
        // The PTX does not need it.
        QVERIFY(outcome.code.find("PTX")->problem.empty());
    }

    void failedCompilesHaveNoCode()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.code += "\nthis is not CUDA\n";
        const CompileOutcome outcome = compile(r);
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("compile_error"));
        QVERIFY(outcome.code.listings.empty());
    }
#endif

    void theUsualCudaSearchNamesItsPlaces()
    {
        const QByteArray home = qgetenv("CUDA_HOME");
        const QByteArray path = qgetenv("CUDA_PATH");
        qunsetenv("CUDA_HOME");
        qunsetenv("CUDA_PATH");
        const ToolSearch usual = ToolSearch::cudaTools();
        qputenv("CUDA_HOME", QByteArrayLiteral("/opt/cuda-x"));
        const ToolSearch withHome = ToolSearch::cudaTools();
        home.isNull() ? qunsetenv("CUDA_HOME") : qputenv("CUDA_HOME", home);
        if (!path.isNull())
            qputenv("CUDA_PATH", path);
        QCOMPARE(usual.where, std::string("PATH or /usr/local/cuda/bin"));
        QCOMPARE(usual.directories.back(), std::string("/usr/local/cuda/bin"));
        QCOMPARE(withHome.where, std::string("PATH, $CUDA_HOME/bin or /usr/local/cuda/bin"));
        QVERIFY(std::ranges::count(withHome.directories, std::string("/opt/cuda-x/bin")) > 0);
    }

    void cpuCompileGivesTheEntrysDisassembly()
    {
        const CompileRequest r = request(QStringLiteral("matmul"));
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QVERIFY(outcome.built);
        QCOMPARE(outcome.code.symbol, r.spec.kernel.entry);
        const QString text = listing(outcome, "Disassembly");
        QVERIFY2(text.contains(QStringLiteral("<%1>:").arg(r.spec.kernel.entry.c_str())),
                 qPrintable(text.left(2000)));
        QVERIFY(text.contains(QLatin1String("ret")));
        QVERIFY(text.contains(QLatin1String("Disassembly of section .text")));
        // Only the entry: matmul.c's other functions (if any) are not listed.
        QCOMPARE(text.count(QRegularExpression(QStringLiteral("^[0-9a-f]+ <[^>]+>:$"),
                                               QRegularExpression::MultilineOption)),
                 1);
    }

    void saysPlainlyWhenObjdumpIsMissing()
    {
        CompileRequest r = request(QStringLiteral("matmul"));
        r.toolDirectories = nowhere(); // fault injection: no binutils
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QVERIFY(outcome.built);
        QCOMPARE(QString::fromStdString(outcome.code.find("Disassembly")->problem),
                 QStringLiteral("The disassembly needs objdump (GNU binutils); not found in %1.")
                     .arg(QString::fromStdString(r.toolDirectories.front())));
    }

    void aToolThatRunsTooLongIsKilled()
    {
        const std::atomic<bool> cancelled{false};
        QElapsedTimer clock;
        clock.start();
        const ToolRun run = runTool("/bin/sleep", {"30"}, 300, cancelled);
        QVERIFY(clock.elapsed() < 10000);
        QCOMPARE(run.problem, std::string("sleep ran longer than 0.3 s and was killed"));
    }
};

QTEST_GUILESS_MAIN(TestDisassembler)
#include "tst_disassembler.moc"
