// Extra rounds (measurement.process_rounds) through the real CLI, real worker processes and a
// real workspace: what `tune` prints while the finalists are measured again, and the rounds
// `show` lists under the table.
#include "clirunner.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The stencil example with its source path made absolute, 3 configurations, sampled briefly,
// and 3 rounds for the 2 best.
QString writeRoundsSpec(const QTemporaryDir &dir)
{
    QFile example(examplePath("resources/examples/stencil/stencil.json"));
    if (!example.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(example.readAll()).object();
    QJsonObject kernel = spec.value("kernel").toObject();
    kernel["source"] = examplePath("resources/examples/stencil/stencil.c");
    spec["kernel"] = kernel;
    spec["measurement"] = QJsonObject{{"min_samples", 3},
                                      {"max_samples", 10},
                                      {"max_seconds_per_config", 0.05},
                                      {"process_rounds", 3},
                                      {"finalists_per_size", 2}};
    const QString path = dir.filePath("rounds.json");
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return path;
}

} // namespace

class TestCliRounds : public QObject
{
    Q_OBJECT

private slots:
    void tunePrintsTheRoundsAndShowListsThem()
    {
        QTemporaryDir dir;
        const QString spec = writeRoundsSpec(dir);
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("ws.tbw");
        const auto tuned = runCli({"--workspace", workspace, "tune", spec, "--max-configs", "3"});
        QCOMPARE(tuned.exitCode, 0);
        QVERIFY2(tuned.out.contains("Round 2 of 3: measuring 2 of 2 finalists again in fresh "
                                    "worker processes\n") &&
                     tuned.out.contains("Round 3 of 3: measuring 2 of 2 finalists again"),
                 qPrintable(tuned.out));
        // "NX=2048,NY=2048  TX=..  round 3: 2.88 ms  (rounds 2.87 ms | 2.99 ms | 2.88 ms -> ..)"
        const QRegularExpression roundThree(
            R"(round 3: [\d.]+ .s  \(rounds [\d.]+ .s \| [\d.]+ .s \| [\d.]+ .s -> [\d.]+ .s\))");
        QCOMPARE(tuned.out.count(roundThree), 2);
        QVERIFY2(tuned.out.contains(", 4 finalist rounds\n"), qPrintable(tuned.out));

        const auto shown = runCli({"--workspace", workspace, "show", "1"});
        QCOMPARE(shown.exitCode, 0);
        const QRegularExpression roundsLine(
            R"(  rounds of TX=\d+,TY=\d+,UNROLL=\d: [\d.]+ .s \| [\d.]+ .s \| [\d.]+ .s -> )"
            R"([\d.]+ .s \(spread [\d.]+%\)\n)");
        QCOMPARE(shown.out.count(roundsLine), 2);
        // The third configuration was no finalist: no rounds for it.
        QCOMPARE(shown.out.count("rounds of "), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliRounds)
#include "tst_clirounds.moc"
