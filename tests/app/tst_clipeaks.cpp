// `show` through the real CLI, real workers and a real workspace: under each size's table, the
// best's share of the device's peak, here the DRAM bandwidth the spec gives a CPU run.
#include "clirunner.h"
#include "examplevariant.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCliPeaks : public QObject
{
    Q_OBJECT

private slots:
    void showGivesTheBestsShareOfThePeak()
    {
        QTemporaryDir dir;
        const QJsonObject measurement{
            {"min_samples", 3}, {"max_samples", 5}, {"max_seconds_per_config", 0.05}};
        const QString spec = tbtest::writeExampleVariant(
            "stencil", {{"measurement", measurement}, {"peaks", QJsonObject{{"gbps", 1000}}}},
            dir.path(), "peaks.json");
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("ws.tbw");
        const auto tuned = runCli({"--workspace", workspace, "tune", spec, "--strategy",
                                   "brute_force", "--max-configs", "2"});
        QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.err));
        const auto shown = runCli({"--workspace", workspace, "show", "1"});
        QCOMPARE(shown.exitCode, 0);
        // GB/s is the objective and a byte rate: judged against the spec's 1,000 GB/s.
        const QRegularExpression line(R"(  best: [\d.]+% of the device's DRAM bandwidth )"
                                      R"(\(GB/s against 1 TB/s DRAM \(spec\)\)\n)");
        QVERIFY2(shown.out.count(line) >= 1, qPrintable(shown.out));
    }
};

QTEST_GUILESS_MAIN(TestCliPeaks)
#include "tst_clipeaks.moc"
