// `tunebench-cli verify EXPORT` (issue 20, item 4) through the real CLI on the CPU backend:
// a tuned and exported run verifies on the same machine; a slowdown injected through the
// compiler (TB_CC adds -DTB_INJECTED_SLOWDOWN, a fault injection named as such) fails it with
// exit 6; a changed environment warns or fails as asked; a broken export is bad input.
// Issue 34, item 3: an unchanged kernel verified again and again on a loaded core is never
// called SLOWER; one ten times as slow still is; one whose times cannot tell is inconclusive
// (exit 7) after the extra, longer rounds.
#include "clirunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

namespace {

QString slowableSpec()
{
    return examplePath("tests/app/data/slowable.json");
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool writeJson(const QString &path, const QJsonObject &object)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(object).toJson()) > 0;
}

// Every shipped configuration's exported median and half-width as `edit` makes them.
void editBest(QJsonObject &document, const std::function<void(QJsonObject &)> &edit)
{
    QJsonArray best = document["best"].toArray();
    for (auto entry : best) {
        QJsonObject object = entry.toObject();
        edit(object);
        entry = object;
    }
    document["best"] = best;
}

// The lines of verify's output that say why it failed: QTest cuts a message at 1 KiB, and the
// progress lines before the verdicts would fill it.
QString verdictLines(const QString &output)
{
    QStringList kept;
    for (const QString &line : output.split('\n'))
        if (line.contains("verify") || line.contains("SLOWER") || line.contains("FAILED") ||
            line.contains("MISSING") || line.contains("inconclusive") || line.contains("error"))
            kept << line;
    return kept.join('\n').right(900);
}

// A core kept busy for the life of the object: the load a shared CI machine puts beside a
// verification. Not copyable (it owns the process): held by pointer.
class BusyCore
{
public:
    BusyCore()
    {
        m_process.start(QStringLiteral("sh"),
                        {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
        m_process.waitForStarted();
    }
    ~BusyCore()
    {
        m_process.kill();
        m_process.waitForFinished();
    }
    bool running() const { return m_process.state() == QProcess::Running; }

private:
    QProcess m_process;
};

} // namespace

class TestCliVerify : public QObject
{
    Q_OBJECT

private slots:
    // Tuned and exported once for every case below.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString ws = m_dir.filePath("ws.tbw");
        const auto tuned = runCli({"-w", ws, "tune", slowableSpec()});
        QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.out + tuned.err));
        m_export = m_dir.filePath("export.json");
        const auto exported = runCli({"-w", ws, "export", "1", "--format", "json", "-o", m_export});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        const QJsonObject document = readJson(m_export);
        QVERIFY(!document["spec"].toObject()["document"].toString().isEmpty());
        QCOMPARE(document["best"].toArray().size(), 2);
    }

    // A generous threshold: this is a shared, maybe loaded CPU, and the point is the verdict, not
    // the noise; the injected slowdown is 50 times.
    void anUnchangedMachineHolds()
    {
        const auto outcome = runCli({"verify", m_export, "--threshold", "400"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QCOMPARE(outcome.out.count(" held"), 2);
        QVERIFY2(outcome.out.contains("N=20000") && outcome.out.contains("N=40000"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("every shipped configuration holds"),
                 qPrintable(outcome.out));
    }

    void anInjectedSlowdownFails()
    {
        // Set here and inherited, not set in the child: QProcess may start it with vfork, and
        // a setenv there would change this process's environment for the tests after.
        qputenv("TB_CC", "cc -DTB_INJECTED_SLOWDOWN");
        const auto outcome = runCli({"verify", m_export, "--threshold", "400"});
        qunsetenv("TB_CC");
        QVERIFY2(outcome.exitCode == 6, qPrintable(outcome.out + outcome.err));
        QCOMPARE(outcome.out.count("SLOWER"), 2);
        QVERIFY2(outcome.out.contains("verify: FAILED"), qPrintable(outcome.out));
    }

    // Issue 34: 6 of 9 verifications of unchanged kernels were called SLOWER (+5.8% to +9.9%)
    // while their medians were uncertain by 10-66%, on a 12 us CPU matmul and a 2.5 us kernel.
    // Those two (the matmul example at N=64 and N=32), verified at the default threshold with
    // every core kept busy beside them: none may be SLOWER (inconclusive at worst). Before the
    // fix such a load gave 7 false alarms in 40 verifications (bench/results/reliability.md).
    void unchangedKernelsOnLoadedCoresAreNeverSlower()
    {
        const QString ws = m_dir.filePath("matmul.tbw");
        const QString exported = m_dir.filePath("matmul.json");
        const auto tuned =
            runCli({"-w", ws, "tune", examplePath("tests/app/data/matmul_small.json")}, 300000);
        QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.out + tuned.err));
        const auto written = runCli({"-w", ws, "export", "1", "--format", "json", "-o", exported});
        QVERIFY2(written.exitCode == 0, qPrintable(written.err));
        std::vector<std::unique_ptr<BusyCore>> busy;
        for (int core = 0; core < std::max(2, QThread::idealThreadCount()); ++core) {
            busy.push_back(std::make_unique<BusyCore>());
            QVERIFY(busy.back()->running());
        }
        for (int trial = 0; trial < 8; ++trial) {
            const auto outcome = runCli({"verify", exported}, 300000);
            const QString why =
                QStringLiteral("trial %1, exit %2\n").arg(trial).arg(outcome.exitCode) +
                verdictLines(outcome.out + outcome.err);
            QVERIFY2(outcome.exitCode == 0 || outcome.exitCode == 7, qPrintable(why));
            QVERIFY2(!outcome.out.contains("SLOWER"), qPrintable(why));
        }
    }

    // The kernel really ten times as slow (the export says it took a tenth of the time it
    // takes): beyond any threshold and uncertainty the noise of this machine gives, in the first
    // measurement and in the longer one that confirms it, so it still fails. Not twice as slow:
    // on a loaded machine (busy loops, or CI's parallel tests) +100% is within what the load
    // can do (busyHostReachPercent), and verify rightly calls it inconclusive; +900% only where
    // the measuring thread waited for its CPU 71% of the time.
    void aKernelTenTimesAsSlowFails()
    {
        QJsonObject document = readJson(m_export);
        editBest(document, [](QJsonObject &entry) {
            entry["median_s"] = entry["median_s"].toDouble() / 10;
            entry["rel_ci_half_width"] = 0.01;
        });
        const QString faster = m_dir.filePath("faster.json");
        QVERIFY(writeJson(faster, document));
        const auto outcome = runCli({"verify", faster}, 300000);
        QVERIFY2(outcome.exitCode == 6, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains("SLOWER"), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("measuring again to tell, round 1"), qPrintable(outcome.out));
    }

    // An export whose medians were uncertain by 500%: a change of about +200% cannot be told
    // from the noise however long this machine measures, so the extra rounds run and end
    // inconclusive. (A change of +40% against 200% was too close to the threshold: a
    // microsecond kernel's median moved by 17% between two runs on a 2-core machine, and one
    // configuration then came out within 5% of its export. At +100% one came out within 5% once
    // in 10 runs: this machine measured it twice as fast as the tune had. +300% read up to +390%,
    // near the 500%.)
    void anUncertainExportIsInconclusive()
    {
        QJsonObject document = readJson(m_export);
        editBest(document, [](QJsonObject &entry) {
            entry["median_s"] = entry["median_s"].toDouble() / 3;
            entry["rel_ci_half_width"] = 5.0;
        });
        const QString uncertain = m_dir.filePath("uncertain.json");
        QVERIFY(writeJson(uncertain, document));
        const auto outcome = runCli({"verify", uncertain}, 300000);
        QVERIFY2(outcome.exitCode == 7, qPrintable(outcome.out + outcome.err));
        QCOMPARE(outcome.out.count("inconclusive: measure longer"), 2);
        QVERIFY2(outcome.out.contains("measuring again to tell, round 2"), qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("verify: INCONCLUSIVE"), qPrintable(outcome.out));
    }

    // The export says it came from another device: a warning by default, a failure when asked.
    void anotherDeviceWarnsOrFails()
    {
        QJsonObject document = readJson(m_export);
        QJsonObject run = document["run"].toObject();
        run["device"] = "Some Other GPU";
        document["run"] = run;
        const QString moved = m_dir.filePath("moved.json");
        QVERIFY(writeJson(moved, document));
        const auto warned = runCli({"verify", moved, "--threshold", "400"});
        QVERIFY2(warned.exitCode == 0, qPrintable(warned.out + warned.err));
        QVERIFY2(warned.out.contains("environment changed: device: Some Other GPU -> cpu"),
                 qPrintable(warned.out));
        const auto failed =
            runCli({"verify", moved, "--threshold", "400", "--on-env-change", "fail"});
        QCOMPARE(failed.exitCode, 6);
    }

    void brokenExportsAreBadInput()
    {
        QJsonObject document = readJson(m_export);
        QJsonObject spec = document["spec"].toObject();
        spec.remove("document");
        document["spec"] = spec;
        const QString old = m_dir.filePath("old.json");
        QVERIFY(writeJson(old, document));
        const auto noSpec = runCli({"verify", old});
        QCOMPARE(noSpec.exitCode, 3);
        QVERIFY2(noSpec.err.contains("spec.document") &&
                     noSpec.err.contains("export the run again"),
                 qPrintable(noSpec.err));

        const QString notExport = m_dir.filePath("not.json");
        QVERIFY(writeJson(notExport, QJsonObject{{"format", "something"}}));
        const auto wrong = runCli({"verify", notExport});
        QCOMPARE(wrong.exitCode, 3);
        QVERIFY2(wrong.err.contains("not a Tunebench JSON export"), qPrintable(wrong.err));

        const auto usage = runCli({"verify", m_export, "--on-env-change", "ignore"});
        QCOMPARE(usage.exitCode, 2);
    }

private:
    QTemporaryDir m_dir;
    QString m_export;
};

QTEST_GUILESS_MAIN(TestCliVerify)
#include "tst_cliverify.moc"
