// `tunebench-cli export` of a run measured on two device models (issue 22): the real CLI on a
// workspace whose runs are stored through the Store. An export holds one model's results (its
// winners were measured there), so every format refuses such a run without --device-model,
// naming the models (exit 3, nothing written); with it, the export is that model's: its
// winners, its results (and the failed compiles no model measured), the run's GPU named so.
#include "clirunner.h"
#include "finishedrun.h"
#include "scalespec.h"
#include "spec/specloader.h"
#include "timedresult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

Result on(double median, const std::string &device)
{
    Result result = tbtest::timedResult(median);
    result.device = device;
    return result;
}

Result failedCompile()
{
    Result result;
    result.status = ResultStatus::CompileError;
    result.message = "error: expected ';'";
    return result;
}

// Model A's winner at each size is BLOCK=32,ALPHA=0.5; model B's, faster, BLOCK=32,ALPHA=1.
std::vector<tbtest::StoredRow> mixedRows(const std::string &a, const std::string &b)
{
    return {{{32, 0.5}, 0, on(2e-3, a)}, {{32, 1}, 0, on(1e-3, b)},
            {{64, 1}, 0, on(3e-3, a)},   {{64, 0.5}, 0, on(4e-3, b)},
            {{32, 0.5}, 1, on(1e-3, a)}, {{64, 0.5}, 1, failedCompile()},
            {{32, 1}, 1, on(0.5e-3, b)}};
}

QJsonObject json(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

QString bestKey(const QJsonObject &exported, int size)
{
    return exported["best"].toArray().at(size).toObject()["config_key"].toString();
}

} // namespace

class TestCliExportDevices : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    CliOutcome exportRun(const char *run, const QStringList &extra)
    {
        return runCli(QStringList{"--workspace", m_workspace, "export", run} + extra);
    }

private slots:
    // Run 1: two CPU models; run 2: two GPU models, the run naming the first; run 3: one model.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("mixed.tbw");
        auto spec =
            SpecLoader().parse(tbtest::scaleSpec("scale-mixed"), m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        const std::string workspace = m_workspace.toStdString();
        QCOMPARE(
            tbtest::storeFinishedRun(workspace, *spec, mixedRows("cpu: Model A", "cpu: Model B")),
            std::int64_t{1});
        tbtest::FinishedRunInfo gpuRun;
        gpuRun.device = "GPU A";
        QCOMPARE(tbtest::storeFinishedRun(workspace, *spec, mixedRows("GPU A", "GPU B"), gpuRun),
                 std::int64_t{2});
        QCOMPARE(tbtest::storeFinishedRun(workspace, *spec,
                                          {{{32, 0.5}, 0, on(2e-3, "cpu: Model A")},
                                           {{32, 1}, 0, on(1e-3, "cpu: Model A")}}),
                 std::int64_t{3});
    }

    void everyFormatRefusesAMixedRunNamingItsModels()
    {
        const QStringList formats{"json", "csv", "kerneltuner", "t4", "cpp", "kernelset"};
        for (const QString &format : formats) {
            const QString output = m_dir.filePath("refused." + format);
            const auto outcome = exportRun("1", {"--format", format, "-o", output});
            QVERIFY2(outcome.exitCode == 3, qPrintable(format + ": " + outcome.err));
            QVERIFY2(outcome.err.contains("run 1 was measured on 2 device models, and an export "
                                          "holds one: cpu: Model A (3 results), cpu: Model B (3 "
                                          "results)") &&
                         outcome.err.contains("--device-model MODEL exports one of them"),
                     qPrintable(format + ": " + outcome.err));
            QVERIFY(outcome.out.isEmpty());
            QVERIFY2(!QFile::exists(output), qPrintable(output));
        }
        // The run of one model needs no choice.
        const auto single = exportRun("3", {"--format", "json"});
        QVERIFY2(single.exitCode == 0, qPrintable(single.err));
        QCOMPARE(bestKey(json(single.out), 0), QStringLiteral("BLOCK=32,ALPHA=1"));
    }

    void theChosenModelsWinnersAndResultsOnly()
    {
        const auto onA = exportRun("1", {"--format", "json", "--device-model", "cpu: Model A"});
        QVERIFY2(onA.exitCode == 0, qPrintable(onA.err));
        QCOMPARE(bestKey(json(onA.out), 0), QStringLiteral("BLOCK=32,ALPHA=0.5"));
        QCOMPARE(bestKey(json(onA.out), 1), QStringLiteral("BLOCK=32,ALPHA=0.5"));
        QCOMPARE(json(onA.out)["run"].toObject()["device"].toString(), QStringLiteral("cpu"));

        const auto onB = exportRun("1", {"--format", "json", "--device-model", "cpu: Model B"});
        QVERIFY2(onB.exitCode == 0, qPrintable(onB.err));
        QCOMPARE(bestKey(json(onB.out), 0), QStringLiteral("BLOCK=32,ALPHA=1"));
        QCOMPARE(bestKey(json(onB.out), 1), QStringLiteral("BLOCK=32,ALPHA=1"));

        // Every result of model A and the failed compile, none of model B's: a header line and 4.
        const auto csv = exportRun("1", {"--format", "csv", "--device-model", "cpu: Model A"});
        QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
        const QStringList lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QVERIFY2(csv.out.contains("compile_error"), qPrintable(csv.out));

        const auto cache = exportRun(
            "1", {"--format", "kerneltuner", "--size", "0", "--device-model", "cpu: Model B"});
        QVERIFY2(cache.exitCode == 0, qPrintable(cache.err));
        const QJsonObject kt = json(cache.out);
        QCOMPARE(kt["device_name"].toString(), QStringLiteral("cpu: Model B"));
        QCOMPARE(kt["cache"].toObject().size(), 2);
    }

    // A GPU run names its model: the export names the one chosen, what `verify` compares with.
    void aGpuRunsExportNamesTheChosenModel()
    {
        const auto onB = exportRun("2", {"--format", "json", "--device-model", "GPU B"});
        QVERIFY2(onB.exitCode == 0, qPrintable(onB.err));
        const QJsonObject exported = json(onB.out);
        QCOMPARE(exported["run"].toObject()["device"].toString(), QStringLiteral("GPU B"));
        QCOMPARE(exported["host"].toObject()["device"].toString(), QStringLiteral("GPU B"));
        QCOMPARE(bestKey(exported, 0), QStringLiteral("BLOCK=32,ALPHA=1"));
        const auto header = exportRun("2", {"--format", "cpp", "--device-model", "GPU B"});
        QVERIFY2(header.exitCode == 0, qPrintable(header.err));
        QVERIFY2(header.out.contains("kDevice[] = \"GPU B\";"), qPrintable(header.out));
    }

    void anUnknownModelOrMeasuringMissingPairsIsRefused()
    {
        const auto unknown = exportRun("1", {"--format", "json", "--device-model", "GPU C"});
        QCOMPARE(unknown.exitCode, 3);
        QVERIFY2(unknown.err.contains("run 1 has no result measured on 'GPU C'") &&
                     unknown.err.contains("cpu: Model A (3 results), cpu: Model B (3 results)"),
                 qPrintable(unknown.err));
        QVERIFY(unknown.out.isEmpty());
        const auto missing = exportRun(
            "1", {"--format", "kernelset", "--measure-missing", "--device-model", "cpu: Model A"});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(missing.err.contains("--measure-missing cannot complete run 1: it was measured "
                                      "on several device models"),
                 qPrintable(missing.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExportDevices)
#include "tst_cliexportdevices.moc"
