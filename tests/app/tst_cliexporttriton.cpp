// `tunebench-cli export RUN --format triton`: the real CLI on a workspace whose runs are stored
// through the engine's Store. The triton.Config list goes to the file asked for or to stdout;
// a run of a kernel that is not Triton is an error (exit 3) that writes nothing; the kernel
// set's option is not this format's (exit 2).
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

constexpr const char *kTritonSpec = R"({
  "tunebench_spec": 1,
  "name": "triton-cli",
  "backend": "cuda",
  "kernel": {"code": "@triton.jit\ndef copy_kernel(x_ptr, BLOCK: tl.constexpr):\n    pass\n",
             "entry": "copy_kernel", "language": "triton"},
  "parameters": [{"name": "BLOCK", "values": [256, 1024]}, {"name": "num_warps", "values": [4, 8]}],
  "problem_sizes": [{"N": 4096}, {"N": 1024}],
  "launch": {"grid": ["N / BLOCK"]},
  "arguments": [{"name": "x_ptr", "kind": "buffer", "type": "float16", "size": "N", "output": true}]
})";

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestCliExportTriton : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    QString file(const char *name) const { return m_dir.filePath(name); }

    CliOutcome exportRun(const char *run, const QStringList &extra)
    {
        return runCli(QStringList{"--workspace", m_workspace, "export", run, "--format", "triton"} +
                      extra);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = file("run.tbw");
        const std::string workspace = m_workspace.toStdString();
        auto triton = SpecLoader().parse(kTritonSpec, m_dir.path().toStdString());
        QVERIFY2(triton.hasValue(), triton ? "" : triton.error().toString().c_str());
        // Run 1: BLOCK=1024 with 8 warps wins N=4096, BLOCK=256 with 4 warps wins N=1024.
        QCOMPARE(tbtest::storeFinishedRun(workspace, *triton,
                                          {{{256, 4}, 0, tbtest::timedResult(2e-3)},
                                           {{1024, 8}, 0, tbtest::timedResult(1e-3)},
                                           {{256, 4}, 1, tbtest::timedResult(5e-4)},
                                           {{1024, 8}, 1, tbtest::timedResult(6e-4)}}),
                 std::int64_t{1});
        // Run 2: a CPU kernel's.
        auto cpu = SpecLoader().parse(tbtest::scaleSpec("scale-cli"), m_dir.path().toStdString());
        QVERIFY(cpu.hasValue());
        QCOMPARE(
            tbtest::storeFinishedRun(workspace, *cpu, {{{32, 1}, 0, tbtest::timedResult(1e-3)}}),
            std::int64_t{2});
    }

    void writesTheConfigFile()
    {
        const QString output = file("configs.py");
        const auto outcome = exportRun("1", {"-o", output});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("wrote " + output), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        const QString text = readText(output);
        QVERIFY2(text.endsWith("copy_kernel_configs = [\n"
                               "    # N=4096: median 1 ms\n"
                               "    triton.Config({\"BLOCK\": 1024}, num_warps=8),\n"
                               "    # N=1024: median 0.5 ms\n"
                               "    triton.Config({\"BLOCK\": 256}, num_warps=4),\n"
                               "]\n"),
                 qPrintable(text));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void writesToStandardOutputWithoutAFile()
    {
        const auto outcome = exportRun("1", {});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.startsWith("# Best configurations of spec \"triton-cli\", tuned by "
                                        "run 1, as triton.Config.\n"),
                 qPrintable(outcome.out));
        QVERIFY(outcome.out.contains("\nimport triton\n"));
    }

    void aRunOfAnotherKernelIsAnError()
    {
        const QString output = file("cpu.py");
        const auto outcome = exportRun("2", {"-o", output});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("export --format triton needs a run of a Triton kernel "
                                      "(language triton); run 2 is a cpu spec of language c"),
                 qPrintable(outcome.err));
        QVERIFY(!QFile::exists(output));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void maxSlowdownIsNotThisFormats()
    {
        const auto outcome = exportRun("1", {"--max-slowdown", "5"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("--max-slowdown applies to --format kernelset and cpp only"),
                 qPrintable(outcome.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExportTriton)
#include "tst_cliexporttriton.moc"
