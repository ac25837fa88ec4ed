// `tunebench-cli export RUN --format kerneltuner` (and t4, which picks its size alike): the real
// CLI on a workspace whose run (two problem sizes, a failure among the results) is stored through
// the engine's Store. One problem size per file: the first unless --size says otherwise (with a
// note when there are several); a size out of range is an error that lists the sizes and writes
// nothing.
#include "clirunner.h"
#include "finishedrun.h"
#include "scalespec.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

const std::string kSpec = tbtest::scaleSpec("scale_kt");

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

class TestCliExportKernelTuner : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    QString file(const char *name) const { return m_dir.filePath(name); }

    CliOutcome exportRun(const QStringList &extra)
    {
        return runCli(
            QStringList{"--workspace", m_workspace, "export", "1", "--format", "kerneltuner"} +
            extra);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = file("run.tbw");
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        Result compileError;
        compileError.status = ResultStatus::CompileError;
        compileError.message = "error: 'ALPHA' \"quoted\", and a comma";
        const std::int64_t runId =
            tbtest::storeFinishedRun(m_workspace.toStdString(), *spec,
                                     {{{32, 0.5}, 0, tbtest::timedResult(2e-3)},
                                      {{32, 1}, 0, tbtest::timedResult(1e-3)},
                                      {{64, 0.5}, 0, compileError},
                                      {{64, 1}, 0, tbtest::timedResult(3e-3)},
                                      {{32, 0.5}, 1, tbtest::timedResult(5e-4)}});
        QCOMPARE(runId, std::int64_t{1});
    }

    void writesTheFirstSizeAndSaysSo()
    {
        const QString output = file("first.json");
        const auto outcome = exportRun({"-o", output});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("2 problem sizes") && outcome.err.contains("--size"),
                 qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("problem size 0 (N=4096): 4 configurations, 1 failed"),
                 qPrintable(outcome.err));
        const QJsonObject document = readJson(output);
        QCOMPARE(document.value("kernel_name").toString(), QString("scale"));
        // The results name no GPU: the run's backend (and host) stand in for it.
        QVERIFY2(document.value("device_name").toString().startsWith("cpu"),
                 qPrintable(document.value("device_name").toString()));
        QCOMPARE(document.value("problem_size").toArray(), QJsonArray{4096});
        const QJsonObject cache = document.value("cache").toObject();
        QCOMPARE(cache.keys(), (QStringList{"32,0.5", "32,1", "64,0.5", "64,1"}));
        QCOMPARE(cache.value("32,1").toObject().value("time").toDouble(), 1.0);
        QCOMPARE(cache.value("64,0.5").toObject().value("time").toString(),
                 QString("CompilationFailedConfig"));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void writesTheSizeAskedFor()
    {
        const auto outcome =
            exportRun({"--size", "1", "--device-name", "NVIDIA H100 80GB HBM3"}); // to stdout
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(!outcome.err.contains("--size"), qPrintable(outcome.err)); // no note: chosen
        const QJsonObject document = QJsonDocument::fromJson(outcome.out.toUtf8()).object();
        QCOMPARE(document.value("problem_size").toArray(), QJsonArray{1024});
        QCOMPARE(document.value("device_name").toString(), QString("NVIDIA H100 80GB HBM3"));
        const QJsonObject cache = document.value("cache").toObject();
        QCOMPARE(cache.keys(), QStringList{"32,0.5"});
        QCOMPARE(cache.value("32,0.5").toObject().value("time").toDouble(), 0.5);
    }

    void aSizeOutOfRangeIsAnErrorThatListsTheSizes()
    {
        const QString output = file("bad.json");
        const auto outcome = exportRun({"--size", "2", "-o", output});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("problem size 2 is out of range") &&
                     outcome.err.contains("0: N=4096, 1: N=1024"),
                 qPrintable(outcome.err));
        QVERIFY(!QFile::exists(output));
        QVERIFY(!QFile::exists(output + ".partial"));
    }

    void aNegativeSizeIsABadCommandLine()
    {
        const auto outcome = exportRun({"--size", "-1"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("needs a whole number of 0 or more"),
                 qPrintable(outcome.err));
    }

    // The same choice of size for a T4 results file, read back through Qt's JSON.
    void writesT4ResultsOfTheSizeAskedFor()
    {
        const auto outcome = runCli({"--workspace", m_workspace, "export", "1", "--format", "t4",
                                     "--size", "1", "--device-name", "NVIDIA H100 80GB HBM3"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("problem size 1 (N=1024): 1 configurations, 0 failed"),
                 qPrintable(outcome.err));
        const QJsonObject document = QJsonDocument::fromJson(outcome.out.toUtf8()).object();
        QCOMPARE(document.value("schema_version").toString(), QString("1.0.0"));
        const QJsonObject metadata = document.value("metadata").toObject();
        QCOMPARE(metadata.value("problem_size").toObject().value("N").toInt(), 1024);
        QCOMPARE(metadata.value("environment").toObject().value("device_name").toString(),
                 QString("NVIDIA H100 80GB HBM3"));
        const QJsonArray results = document.value("results").toArray();
        QCOMPARE(results.size(), 1);
        QCOMPARE(results[0].toObject().value("invalidity").toString(), QString("correct"));
    }

    void sizeBelongsToTheKernelTunerFormatOnly()
    {
        const auto outcome =
            runCli({"--workspace", m_workspace, "export", "1", "--format", "csv", "--size", "0"});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(
                     "--size and --device-name apply to --format kerneltuner and t4 only"),
                 qPrintable(outcome.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExportKernelTuner)
#include "tst_cliexportkerneltuner.moc"
