// `tunebench-cli export RUN --format cpp`: the real CLI on a workspace whose runs are stored
// through the engine's Store. The header goes to the file asked for (written beside it and
// renamed) or to stdout; a run id the workspace lacks and a run without a single successful
// configuration are errors (exit 3) that write nothing.
#include "clirunner.h"
#include "finishedrun.h"
#include "scalespec.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

const std::string kSpec = tbtest::scaleSpec("scale-cli");

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestCliExportCpp : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    QString file(const char *name) const { return m_dir.filePath(name); }

    CliOutcome exportRun(const char *run, const QStringList &extra)
    {
        return runCli(QStringList{"--workspace", m_workspace, "export", run, "--format", "cpp"} +
                      extra);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = file("run.tbw");
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        const std::string workspace = m_workspace.toStdString();
        QCOMPARE(tbtest::storeFinishedRun(workspace, *spec,
                                          {{{32, 0.5}, 0, tbtest::timedResult(2e-3)},
                                           {{32, 1}, 0, tbtest::timedResult(1e-3)},
                                           {{64, 1}, 0, tbtest::timedResult(3e-3)},
                                           {{64, 0.5}, 1, tbtest::timedResult(5e-4)}}),
                 std::int64_t{1});
        // Run 2: its only result failed to compile.
        Result failed;
        failed.status = ResultStatus::CompileError;
        QCOMPARE(tbtest::storeFinishedRun(workspace, *spec, {{{32, 1}, 0, failed}}),
                 std::int64_t{2});
    }

    void writesTheHeaderFile()
    {
        const QString output = file("scale.h");
        const auto outcome = exportRun("1", {"-o", output});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("wrote " + output), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        const QString header = readText(output);
        QVERIFY2(header.contains("namespace tunebench::scale_cli {"), qPrintable(header));
        QVERIFY2(header.contains("inline constexpr char kSpecName[] = \"scale-cli\";"),
                 qPrintable(header));
        // The best per size: BLOCK=32 ALPHA=1 for N=4096, BLOCK=64 ALPHA=0.5 for N=1024.
        QVERIFY2(header.contains("    {{4096}, {32, 1.0}, 0.001},\n"
                                 "    {{1024}, {64, 0.5}, 0.00050000000000000001},\n};"),
                 qPrintable(header));
        QVERIFY(header.contains("inline const TunedEntry &selectTuned(const TunedSize &size)"));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void writesToStandardOutputWithoutAFile()
    {
        const auto outcome = exportRun("1", {});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.startsWith("// Best configurations of spec \"scale-cli\", tuned by "
                                        "run 1.\n"),
                 qPrintable(outcome.out));
        QVERIFY(outcome.out.contains("#pragma once"));
    }

    void anUnknownRunIsAnError()
    {
        const QString output = file("missing.h");
        const auto outcome = exportRun("9", {"-o", output});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("error:") && outcome.err.contains("no run 9"),
                 qPrintable(outcome.err));
        QVERIFY(!QFile::exists(output));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void aRunWithoutSuccessIsAnError()
    {
        const QString output = file("failed.h");
        const auto outcome = exportRun("2", {"-o", output});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("run 2 has no successful configuration to export as a C++ "
                                      "header"),
                 qPrintable(outcome.err));
        QVERIFY(!QFile::exists(output));
    }

    void sizeBelongsToTheKernelTunerFormatOnly()
    {
        const auto outcome = exportRun("1", {"--size", "0"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(
                     "--size and --device-name apply to --format kerneltuner and t4 only"),
                 qPrintable(outcome.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExportCpp)
#include "tst_cliexportcpp.moc"
