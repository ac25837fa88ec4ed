// `show` of a run whose objective is the energy per launch, through the real CLI and a real
// workspace, without a GPU: the copy_scale example's run stored as a GPU worker with an energy
// run stores one (in any build, with or without the CUDA backend). The table ranks the results
// by energy, not by time, gives their energy and power, and judges the winner by the energies'
// uncertainty.
#include "clirunner.h"
#include "examplevariant.h"
#include "finishedrun.h"

#include "model/resultfigure.h"
#include "spec/specloader.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// A result of `seconds` at `joules` per launch drawing `watts`, as an energy run leaves it.
Result withEnergy(double seconds, double joules, double watts)
{
    Result result;
    result.summary = {seconds, seconds, seconds, 0, 30, 0.001};
    result.samples.assign(30, seconds);
    result.resources = {{figures::kEnergyJoules, joules},
                        {figures::kPowerWatts, watts},
                        {figures::kEnergyUncertainty, 0.01},
                        {figures::kEnergyWindowSeconds, 2.0},
                        {figures::kEnergyLaunchSeconds, joules / watts}};
    return result;
}

// The spec at `path`, loaded as the CLI loads it; a default spec (which the checks then fail
// on) when it does not load.
Spec loadSpec(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    auto spec = SpecLoader().parse(file.readAll().toStdString(),
                                   QFileInfo(path).absolutePath().toStdString());
    return spec ? *spec : Spec{};
}

// A run on an H200, as its workers name the device.
tbtest::FinishedRunInfo energyRunInfo()
{
    tbtest::FinishedRunInfo info;
    info.device = "NVIDIA H200";
    return info;
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
        const Spec loaded = loadSpec(spec);
        QCOMPARE(loaded.objective.metric, std::string("energy"));
        // The fastest draws the most power; the slowest uses the least energy.
        tbtest::storeFinishedRun(workspace.toStdString(), loaded,
                                 {{{512, 4, 1}, 0, withEnergy(300e-6, 0.150, 500)},
                                  {{256, 2, 2}, 0, withEnergy(320e-6, 0.120, 375)},
                                  {{128, 1, 8}, 0, withEnergy(400e-6, 0.100, 250)}},
                                 energyRunInfo());

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

    // `show --pareto`: the results no other beats on both time and energy, fastest first, and
    // what the most frugal saves against the fastest.
    void showParetoGivesTheTimeEnergyFront()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeExampleVariant(
            "copy_scale", {{"problem_sizes", QJsonArray{QJsonObject{{"N", 1048576}}}}}, dir.path(),
            "front.json");
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("ws.tbw");
        Result slowAndCostly = withEnergy(450e-6, 0.130, 289);
        slowAndCostly.resources[figures::kSmClockEffectiveMhz] = 1200;
        tbtest::storeFinishedRun(workspace.toStdString(), loadSpec(spec),
                                 {{{512, 4, 1}, 0, withEnergy(300e-6, 0.150, 500)},
                                  {{1024, 1, 1}, 0, slowAndCostly},
                                  {{256, 2, 2}, 0, withEnergy(320e-6, 0.120, 375)},
                                  {{128, 1, 8}, 0, withEnergy(400e-6, 0.100, 250)}},
                                 energyRunInfo());

        const auto shown = runCli({"--workspace", workspace, "show", "1", "--pareto"});
        QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
        QVERIFY2(shown.out.contains("Problem size N=1048576: time-energy front, 3 of 4 results "
                                    "with energy\n"),
                 qPrintable(shown.out));
        const QRegularExpression rows(
            "1\\s+BLOCK=512,VEC=4,ITEMS=1\\s+300 us\\s+150 mJ\\s+500 W\\s+-\\n"
            "2\\s+BLOCK=256,VEC=2,ITEMS=2\\s+320 us\\s+120 mJ.*\\n"
            "3\\s+BLOCK=128,VEC=1,ITEMS=8\\s+400 us\\s+100 mJ.*\\n");
        QVERIFY2(shown.out.contains(rows), qPrintable(shown.out));
        QVERIFY2(!shown.out.contains("BLOCK=1024"), qPrintable(shown.out));
        QVERIFY2(shown.out.contains("  most frugal: BLOCK=128,VEC=1,ITEMS=8, 33.33% less energy "
                                    "for 33.33% more time than the fastest, "
                                    "BLOCK=512,VEC=4,ITEMS=1\n"),
                 qPrintable(shown.out));
    }

    void showParetoOfARunWithoutEnergySaysHowToGetIt()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeExampleVariant(
            "copy_scale", {{"problem_sizes", QJsonArray{QJsonObject{{"N", 1048576}}}}}, dir.path(),
            "plain.json");
        const QString workspace = dir.filePath("ws.tbw");
        Result timed = withEnergy(300e-6, 0.150, 500);
        timed.resources.clear();
        tbtest::storeFinishedRun(workspace.toStdString(), loadSpec(spec), {{{512, 4, 1}, 0, timed}},
                                 energyRunInfo());
        const auto shown = runCli({"--workspace", workspace, "show", "1", "--pareto"});
        QCOMPARE(shown.exitCode, 3);
        QVERIFY2(shown.err.contains("run 1 has no energy figures") &&
                     shown.err.contains("measurement.energy_seconds"),
                 qPrintable(shown.err));
    }
};

QTEST_GUILESS_MAIN(TestCliEnergy)
#include "tst_clienergy.moc"
