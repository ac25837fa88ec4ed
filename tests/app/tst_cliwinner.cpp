// Whether the best configuration is decided, through the real CLI and a real workspace: `show`
// says "best: ... beyond" or "tie: ... within" under each size's table, naming an SM clock step
// between the two when there is one, and `export` carries the same as runner_up. Rounds timed
// at different clock steps name their clocks.
#include "clirunner.h"

#include "storage/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// Tunes MODE=0 of the faulty example (a real CPU measurement, microseconds), then stores two
// GPU-like results far faster than it, so they rank first and second: MODE=3 at `best`
// seconds, MODE=4 at `second`, each uncertain by 0.1%, timed at the given SM clocks.
bool prepare(const QString &workspace, double best, double second, double bestMhz, double secondMhz)
{
    if (runCli({"--workspace", workspace, "tune", examplePath("tests/app/data/faulty.json"),
                "--strategy", "brute_force", "--max-configs", "1"})
            .exitCode != 0)
        return false;
    auto store = Store::open(workspace.toStdString());
    if (!store)
        return false;
    const auto run = store->runs().read(1);
    if (!run)
        return false;
    for (const auto &[mode, median, mhz] :
         {std::tuple{3.0, best, bestMhz}, std::tuple{4.0, second, secondMhz}}) {
        Result result;
        result.summary = {median, median, median, 0, 50, 0.001};
        result.samples.assign(50, median);
        result.resources = {{"sm_clock_mhz", 1980}, {"sm_clock_effective_mhz", mhz}};
        const std::string key = "MODE=" + std::to_string(static_cast<int>(mode));
        if (!store->results().save(1, run->specId, key, Configuration{{mode}}, 0, result))
            return false;
    }
    return true;
}

// `show 1` of the workspace; an empty output when it failed, which the callers' checks catch.
CliOutcome showRun(const QString &workspace)
{
    auto shown = runCli({"--workspace", workspace, "show", "1"});
    if (shown.exitCode != 0)
        shown.out.clear();
    return shown;
}

} // namespace

class TestCliWinner : public QObject
{
    Q_OBJECT

private slots:
    void aClearLeadIsReportedAsDecided()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        QVERIFY(prepare(workspace, 1.0e-9, 1.1e-9, 1980.1, 1980.0));
        const auto shown = showRun(workspace);
        QVERIFY2(shown.out.contains("  best: MODE=3 by 10.00% over MODE=4, beyond the 0.20% their "
                                    "medians are uncertain by\n"),
                 qPrintable(shown.out));
    }

    void aLeadWithinAClockStepIsATie()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        QVERIFY(prepare(workspace, 1.000e-9, 1.004e-9, 1994.6, 1980.1));
        const auto shown = showRun(workspace);
        QVERIFY2(shown.out.contains("  tie: MODE=3 leads MODE=4 by 0.40%, within the 0.93% their "
                                    "medians are uncertain by (0.73% of it: timed at SM clocks "
                                    "1994.6 and 1980.1 MHz): either may win another run\n"),
                 qPrintable(shown.out));

        const QString file = dir.filePath("best.json");
        QCOMPARE(runCli({"--workspace", workspace, "export", "1", "-o", file}).exitCode, 0);
        QFile exported(file);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const auto best = QJsonDocument::fromJson(exported.readAll()).object()["best"].toArray();
        QCOMPARE(best.size(), 1);
        const auto second = best[0].toObject()["runner_up"].toObject();
        QCOMPARE(second["config_key"].toString(), QString("MODE=4"));
        QCOMPARE(second["decided"].toBool(true), false);
        QVERIFY(qAbs(second["lead"].toDouble() - 0.004) < 1e-9); // 1.004 over 1.000, minus one
        QVERIFY(qAbs(second["clock_step"].toDouble() - (1994.6 / 1980.1 - 1)) < 1e-9);
        QVERIFY(second["uncertainty"].toDouble() > second["lead"].toDouble());
    }

    // A finalist's rounds timed at different SM clock steps name each round's clock, so a
    // spread that follows the clock reads as such.
    void roundsAtDifferentClockStepsNameTheirClocks()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        QVERIFY(prepare(workspace, 1.0e-9, 1.1e-9, 1994.6, 1994.4));
        {
            auto store = Store::open(workspace.toStdString());
            QVERIFY(store.hasValue());
            const auto results = store->results().ofRun(1);
            QVERIFY(results.hasValue());
            std::int64_t modeThree = 0;
            for (const auto &stored : *results)
                modeThree = stored.configKey == "MODE=3" ? stored.id : modeThree;
            QVERIFY(modeThree > 0);
            Result slower;
            slower.summary = {1.02e-9, 1.02e-9, 1.02e-9, 0, 50, 0.001};
            slower.resources = {{"sm_clock_effective_mhz", 1980.1}};
            Result combined = slower;
            combined.summary.median = 1.01e-9;
            QVERIFY(store->rounds().save(modeThree, 2, slower, combined));
        }
        const auto shown = showRun(workspace);
        QVERIFY2(shown.out.contains("  rounds of MODE=3: 1 ns @1995 MHz | 1.02 ns @1980 MHz -> "),
                 qPrintable(shown.out));
        // MODE=4 was measured once: no rounds line; MODE=0's rounds carry no clock.
        QVERIFY2(!shown.out.contains("rounds of MODE=4"), qPrintable(shown.out));
        QCOMPARE(shown.out.count(" MHz | "), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliWinner)
#include "tst_cliwinner.moc"
