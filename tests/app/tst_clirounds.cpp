// Extra rounds (measurement.process_rounds) through the real CLI, real worker processes and a
// real workspace: what `tune` prints while the finalists are measured again, and the rounds
// `show` lists under the table.
#include "clirunner.h"
#include "examplevariant.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The stencil example sampled briefly, with 3 rounds for the 2 best.
QString writeRoundsSpec(const QTemporaryDir &dir)
{
    const QJsonObject measurement{{"min_samples", 3},
                                  {"max_samples", 10},
                                  {"max_seconds_per_config", 0.05},
                                  {"process_rounds", 3},
                                  {"finalists_per_size", 2}};
    return tbtest::writeExampleVariant("stencil", {{"measurement", measurement}}, dir.path(),
                                       "rounds.json");
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
        const auto tuned = runCli({"--workspace", workspace, "tune", spec, "--strategy",
                                   "brute_force", "--max-configs", "3"});
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
            R"([\d.]+ .s \(spread [\d.]+%(, beyond the [\d.e-]+% target)?\)\n)");
        QCOMPARE(shown.out.count(roundsLine), 2);
        // The third configuration was no finalist: no rounds for it.
        QCOMPARE(shown.out.count("rounds of "), 2);
    }

    // Past process_rounds, finalists whose rounds disagree get more (here all of them: the
    // spec asks the rounds to agree within 0.0001%).
    void adaptiveRoundsAreAnnounced()
    {
        QTemporaryDir dir;
        const QJsonObject measurement{
            {"min_samples", 3},       {"max_samples", 10},   {"max_seconds_per_config", 0.05},
            {"target_rel_ci", 1e-6},  {"process_rounds", 2}, {"max_process_rounds", 3},
            {"finalists_per_size", 2}};
        const QString spec = tbtest::writeExampleVariant("stencil", {{"measurement", measurement}},
                                                         dir.path(), "adaptive.json");
        const auto tuned = runCli({"--workspace", dir.filePath("ws.tbw"), "tune", spec,
                                   "--strategy", "brute_force", "--max-configs", "3"});
        QCOMPARE(tuned.exitCode, 0);
        QVERIFY2(tuned.out.contains("Round 2 of 2: measuring 2 of 2 finalists") &&
                     tuned.out.contains("Round 3 of up to 3: measuring 2 of 2 finalists again in "
                                        "fresh worker processes (their rounds differ by more "
                                        "than 0.0001%)\n"),
                 qPrintable(tuned.out));
        QVERIFY2(tuned.out.contains(", 4 finalist rounds\n"), qPrintable(tuned.out));

        // Rounds that still disagree after the last one are flagged against the target.
        const auto shown = runCli({"--workspace", dir.filePath("ws.tbw"), "show", "1"});
        QCOMPARE(shown.exitCode, 0);
        QVERIFY2(shown.out.count(", beyond the 0.0001% target)\n") == 2, qPrintable(shown.out));
    }
};

QTEST_GUILESS_MAIN(TestCliRounds)
#include "tst_clirounds.moc"
