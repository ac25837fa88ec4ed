// `show` of a run whose objective is the energy per launch, through the real CLI and a real
// workspace, without a GPU: the copy_scale example compiled only (its run holds the spec),
// then three results stored as a GPU worker with an energy run stores them. The table ranks
// them by energy, not by time, gives their energy and power, and judges the winner by the
// energies' uncertainty.
#include "clirunner.h"
#include "examplevariant.h"

#include "model/resultfigure.h"
#include "storage/store.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

struct Stored
{
    const char *key;
    Configuration config;
    double seconds;
    double joules;
    double watts;
};

bool storeEnergyResults(const QString &workspace)
{
    auto store = Store::open(workspace.toStdString());
    if (!store)
        return false;
    const auto run = store->runs().read(1);
    if (!run)
        return false;
    // The fastest draws the most power; the slowest uses the least energy.
    const Stored stored[] = {
        {"BLOCK=512,VEC=4,ITEMS=1", Configuration{{512, 4, 1}}, 300e-6, 0.150, 500},
        {"BLOCK=256,VEC=2,ITEMS=2", Configuration{{256, 2, 2}}, 320e-6, 0.120, 375},
        {"BLOCK=128,VEC=1,ITEMS=8", Configuration{{128, 1, 8}}, 400e-6, 0.100, 250},
    };
    for (const auto &one : stored) {
        Result result;
        result.summary = {one.seconds, one.seconds, one.seconds, 0, 30, 0.001};
        result.samples.assign(30, one.seconds);
        result.resources = {{figures::kEnergyJoules, one.joules},
                            {figures::kPowerWatts, one.watts},
                            {figures::kEnergyUncertainty, 0.01},
                            {figures::kEnergyWindowSeconds, 2.0},
                            {figures::kEnergyLaunchSeconds, one.joules / one.watts}};
        if (!store->results().save(1, run->specId, one.key, one.config, 0, result))
            return false;
    }
    return true;
}

} // namespace

class TestCliEnergy : public QObject
{
    Q_OBJECT

private slots:
    void showRanksByEnergyAndGivesPower()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeExampleVariant(
            "copy_scale",
            {{"objective", QJsonObject{{"metric", "energy"}, {"direction", "minimize"}}},
             {"problem_sizes", QJsonArray{QJsonObject{{"N", 1048576}}}}},
            dir.path(), "energy.json");
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("ws.tbw");
        const auto compiled = runCli({"--workspace", workspace, "tune", spec, "--compile-only",
                                      "--strategy", "brute_force", "--max-configs", "1"});
        QVERIFY2(compiled.exitCode == 0, qPrintable(compiled.out + compiled.err));
        QVERIFY(storeEnergyResults(workspace));

        const auto shown = runCli({"--workspace", workspace, "show", "1"});
        QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
        QVERIFY2(shown.out.contains("(objective: minimize energy)"), qPrintable(shown.out));
        QVERIFY2(shown.out.contains(QRegularExpression("#\\s+status\\s+config.*energy\\s+power")),
                 qPrintable(shown.out));
        const QRegularExpression first("1\\s+ok\\s+BLOCK=128,VEC=1,ITEMS=8\\s.*100 mJ\\s+250 W");
        const QRegularExpression second("2\\s+ok\\s+BLOCK=256,VEC=2,ITEMS=2\\s.*120 mJ\\s+375 W");
        const QRegularExpression third("3\\s+ok\\s+BLOCK=512,VEC=4,ITEMS=1\\s.*150 mJ\\s+500 W");
        QVERIFY2(shown.out.contains(first) && shown.out.contains(second) &&
                     shown.out.contains(third),
                 qPrintable(shown.out));
        // Decided by the energies' own uncertainty (1% each here), not the medians'.
        QVERIFY2(shown.out.contains("  best: BLOCK=128,VEC=1,ITEMS=8 by 20.00% over "
                                    "BLOCK=256,VEC=2,ITEMS=2, beyond the 2.00% their energies "
                                    "are uncertain by\n"),
                 qPrintable(shown.out));
    }
};

QTEST_GUILESS_MAIN(TestCliEnergy)
#include "tst_clienergy.moc"
