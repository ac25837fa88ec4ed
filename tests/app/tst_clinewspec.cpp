// `tunebench-cli new-spec` through the real binary and the Triton helper (issue 36 item 5): the
// bundled matmul's @triton.autotune opens as exactly its 24 configurations, which `validate`
// counts; an existing spec is kept unless --force; each failure says why with its exit code.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(file.readAll()).object();
}

void writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0)
        qFatal("cannot write %s", qPrintable(path));
}

} // namespace

class TestCliNewSpec : public QObject
{
    Q_OBJECT

private slots:
    void matmulOpensAsItsTwentyFourConfigurations()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath("matmul.py");
        QVERIFY(QFile::copy(examplePath("resources/examples/triton/matmul.py"), kernel));
        const auto made = runCli({"new-spec", kernel});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        const QString spec = dir.filePath("matmul.json");
        QVERIFY2(made.out.contains("wrote " + spec), qPrintable(made.out));
        QVERIFY2(made.out.contains("/launch/grid: "), qPrintable(made.out));
        QVERIFY2(made.out.contains("/arguments/0/type: "), qPrintable(made.out));
        QVERIFY2(made.out.contains("tunebench-cli validate " + spec), qPrintable(made.out));

        const QJsonObject json = readJson(spec);
        QCOMPARE(json["kernel"].toObject()["source"].toString(), "matmul.py");
        QCOMPARE(json["kernel"].toObject()["language"].toString(), "triton");
        QCOMPARE(json["constraints"].toArray(),
                 QJsonArray({"(num_warps == 4 && num_stages == 3) || (num_warps == 8 && "
                             "num_stages == 3) || (num_warps == 8 && num_stages == 4)"}));
        QCOMPARE(json["verification"].toObject()["reference"].toObject(),
                 QJsonObject({{"BLOCK_M", 64},
                              {"BLOCK_N", 64},
                              {"BLOCK_K", 32},
                              {"num_warps", 4},
                              {"num_stages", 3}}));

        const auto validated = runCli({"validate", spec});
        QVERIFY2(validated.exitCode == 0, qPrintable(validated.err));
        QVERIFY2(validated.out.contains("32 configurations, 24 valid, 8 rejected"),
                 qPrintable(validated.out));
    }

    void anExistingSpecIsKeptUnlessForced()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath("matmul.py");
        QVERIFY(QFile::copy(examplePath("resources/examples/triton/matmul.py"), kernel));
        QVERIFY(QDir(dir.path()).mkdir("specs"));
        const QString spec = dir.filePath("specs/mine.json");
        writeFile(spec, "{\"mine\": true}\n");
        const auto refused = runCli({"new-spec", kernel, "-o", spec});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("exists"), qPrintable(refused.err));
        QCOMPARE(readJson(spec), QJsonObject({{"mine", true}}));
        const auto forced = runCli({"new-spec", kernel, "-o", spec, "--force"});
        QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
        // Relative to the spec's folder.
        QCOMPARE(readJson(spec)["kernel"].toObject()["source"].toString(), "../matmul.py");
        QCOMPARE(runCli({"validate", spec}).exitCode, 0);
    }

    void severalKernelsNeedAnEntry()
    {
        QTemporaryDir dir;
        const QString kernel = dir.filePath("two.py");
        writeFile(kernel, "import triton\nimport triton.language as tl\n"
                          "@triton.jit\ndef first(x_ptr, n, B: tl.constexpr = 64):\n    pass\n"
                          "@triton.jit\ndef second(y_ptr, n):\n    pass\n");
        const auto ambiguous = runCli({"new-spec", kernel});
        QCOMPARE(ambiguous.exitCode, 3);
        QVERIFY2(ambiguous.err.contains("several @triton.jit functions") &&
                     ambiguous.err.contains("first, second"),
                 qPrintable(ambiguous.err));
        QVERIFY(!QFile::exists(dir.filePath("two.json")));
        const auto chosen = runCli({"new-spec", kernel, "--entry", "second"});
        QVERIFY2(chosen.exitCode == 0, qPrintable(chosen.err));
        QCOMPARE(readJson(dir.filePath("two.json"))["name"].toString(), "second");
        // No autotune: one value each, and the output says so.
        QVERIFY2(chosen.out.contains("has no @triton.autotune"), qPrintable(chosen.out));
        QCOMPARE(runCli({"validate", dir.filePath("two.json")}).exitCode, 0);
        const auto unknown = runCli({"new-spec", kernel, "--entry", "third", "--force"});
        QCOMPARE(unknown.exitCode, 3);
        QVERIFY2(unknown.err.contains("no @triton.jit function third"), qPrintable(unknown.err));
    }

    void aMissingFileIsBadInput()
    {
        QTemporaryDir dir;
        const auto missing = runCli({"new-spec", dir.filePath("nowhere.py")});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(missing.err.contains("no such kernel file"), qPrintable(missing.err));
    }

    void withoutTritonTheInstallStepIsNamed()
    {
        const auto refused =
            runCliWith({"new-spec", examplePath("resources/examples/triton/matmul.py")}, [] {
                ::unsetenv("TUNEBENCH_TRITON_PYTHON");
                ::setenv("TUNEBENCH_TRITON_VENV", "/nonexistent/triton-venv", 1);
            });
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("Triton is not installed") &&
                     refused.err.contains("install-triton.sh"),
                 qPrintable(refused.err));
    }
};

QTEST_GUILESS_MAIN(TestCliNewSpec)
#include "tst_clinewspec.moc"
