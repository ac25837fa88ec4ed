// Replay from the command line (issue 19, item 3): `tune --replay FILE`, a spec whose
// strategy.replay names the recorded space, and `tune SPEC --replay FILE`, through the real
// tunebench-cli; the spec's search settings apply, the command line's win, a spec written for
// another space is refused, and nothing is measured or written to a workspace.
#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString smallSpace()
{
    return examplePath("tests/data/replay/kt_small.json");
}

// A CPU spec over kt_small.json's parameters (block_size_x, tile_size, use_shmem); `strategy`
// is the body of its strategy object.
QByteArray replaySpec(const QByteArray &strategy,
                      const QByteArray &lastParameter = QByteArrayLiteral("use_shmem"))
{
    return R"({"tunebench_spec": 1, "name": "small", "backend": "cpu",
        "kernel": {"code": "void k(float *a) { (void)a; }", "entry": "k"},
        "parameters": [{"name": "block_size_x", "values": [16, 32, 64]},
                       {"name": "tile_size", "values": [1, 2]},
                       {"name": ")" +
           lastParameter + R"(", "values": [0, 1]}],
        "problem_sizes": [{"N": 4}],
        "arguments": [{"name": "a", "kind": "buffer", "type": "float32", "size": "N"}],
        "strategy": {)" +
           strategy + "}}";
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    return file.fileName();
}

// The "seed N: best ... after K of M evaluations" lines of a replay's output.
int seedLines(const QString &out)
{
    return static_cast<int>(
        out.count(QRegularExpression("^seed \\d+: ", QRegularExpression::MultilineOption)));
}

} // namespace

class TestCliReplay : public QObject
{
    Q_OBJECT

private slots:
    // No --strategy: "auto", which is brute force when nothing limits it and the default guided
    // strategy under a budget smaller than the space (6 recorded configurations).
    void autoStrategyFollowsTheBudget()
    {
        const auto whole = runCli({"tune", "--replay", smallSpace()});
        QCOMPARE(whole.exitCode, 0);
        QVERIFY2(whole.out.contains("Strategy brute_force (auto)"), qPrintable(whole.out));
        QVERIFY2(whole.out.contains("of 6 evaluations"), qPrintable(whole.out));
        const auto budget = runCli({"tune", "--replay", smallSpace(), "--max-configs", "3"});
        QCOMPARE(budget.exitCode, 0);
        QVERIFY2(budget.out.contains("Strategy model_handover (auto)"), qPrintable(budget.out));
        QVERIFY2(budget.out.contains(" 3 evaluations"), qPrintable(budget.out));

        // A trace line says what auto became; --help says auto is a replay's default.
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("trace.jsonl"));
        QCOMPARE(runCli({"tune", "--replay", smallSpace(), "--max-configs", "3", "--trace", trace})
                     .exitCode,
                 0);
        QFile lines(trace);
        QVERIFY(lines.open(QIODevice::ReadOnly));
        const QByteArray line = lines.readAll();
        QVERIFY2(line.contains(R"("strategy":"auto","searched_with":"model_handover")"),
                 line.constData());
        const auto help = runCli({"tune", "--help"});
        QVERIFY2(help.out.contains("a replay without a spec: auto"), qPrintable(help.out));
    }

    // strategy.replay, relative to the spec: the spec's strategy, seed, budget and mode; no
    // workspace is made.
    void specFieldReplaysWithTheSpecsSettings()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(smallSpace(), dir.filePath("recorded.json")));
        const QString spec =
            writeFile(dir, "spec.json", replaySpec(R"("name": "random", "seed": 7, "max_configs": 4,
                          "replay": {"file": "recorded.json", "mode": "sampled"})"));
        const QString ws = dir.filePath("ws.tbw");
        const auto outcome = runCli({"-w", ws, "tune", spec});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(outcome.out.contains("Replaying " + QDir(dir.path()).filePath("recorded.json")),
                 qPrintable(outcome.out));
        QVERIFY2(
            outcome.out.contains("Strategy random, recorded samples drawn as a run takes them"),
            qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("seed 7: "), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains(" 4 evaluations"), qPrintable(outcome.out));
        QVERIFY(!QFile::exists(ws));
    }

    // The command line wins over the spec: file, seed, budget, repeat.
    void commandLineOverridesTheSpec()
    {
        QTemporaryDir dir;
        const QString spec =
            writeFile(dir, "spec.json", replaySpec(R"("name": "random", "seed": 7, "max_configs": 4,
                                    "replay": {"file": "missing.json"})"));
        const auto outcome = runCli({"tune", spec, "--replay", smallSpace(), "--seed", "2",
                                     "--repeat", "2", "--max-configs", "5"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY2(outcome.out.contains("Replaying " + smallSpace()), qPrintable(outcome.out));
        QCOMPARE(seedLines(outcome.out), 2);
        QVERIFY2(outcome.out.contains("seed 2: ") && outcome.out.contains("seed 3: "),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains(" 5 evaluations"), qPrintable(outcome.out));
        // A spec without strategy.replay replays too when --replay is given.
        const QString plain = writeFile(dir, "plain.json", replaySpec(R"("name": "random")"));
        const auto replayed = runCli({"tune", plain, "--replay", smallSpace()});
        QCOMPARE(replayed.exitCode, 0);
        QVERIFY2(replayed.out.contains("Strategy random"), qPrintable(replayed.out));
    }

    void specForAnotherSpaceIsRefused()
    {
        QTemporaryDir dir;
        const QString spec = writeFile(
            dir, "spec.json",
            replaySpec(R"("replay": {"file": ")" + smallSpace().toUtf8() + R"("})", "unroll"));
        const auto outcome = runCli({"tune", spec});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("unroll") && outcome.err.contains("use_shmem"),
                 qPrintable(outcome.err));
    }

    void badReplayFieldsNameWhereTheyAre()
    {
        QTemporaryDir dir;
        const QString badMode =
            writeFile(dir, "mode.json", replaySpec(R"("replay": {"file": "x", "mode": "noisy"})"));
        const auto mode = runCli({"tune", badMode});
        QCOMPARE(mode.exitCode, 3);
        QVERIFY2(mode.err.contains("/strategy/replay/mode") && mode.err.contains("noisy"),
                 qPrintable(mode.err));
        const QString noFile = writeFile(dir, "nofile.json", replaySpec(R"("replay": {})"));
        const auto file = runCli({"tune", noFile});
        QCOMPARE(file.exitCode, 3);
        QVERIFY2(file.err.contains("/strategy/replay") && file.err.contains("file"),
                 qPrintable(file.err));
        const QString missing =
            writeFile(dir, "missing.json", replaySpec(R"("replay": {"file": "absent.json"})"));
        const auto absent = runCli({"tune", missing});
        QCOMPARE(absent.exitCode, 3);
        QVERIFY2(absent.err.contains("absent.json"), qPrintable(absent.err));
    }

    // "auto" names no strategy whose options these could be.
    void autoTakesNoOptions()
    {
        QTemporaryDir dir;
        const QString spec =
            writeFile(dir, "spec.json", replaySpec(R"("options": {"population_size": 10})"));
        const auto outcome = runCli({"validate", spec});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("'auto' takes no options"), qPrintable(outcome.err));
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "tst_clireplay.moc"
