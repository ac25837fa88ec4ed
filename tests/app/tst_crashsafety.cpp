// kill -9 the CLI in the middle of a run: the workspace stays sound, every committed result is
// kept, no worker outlives the CLI, and a re-run finishes the rest without duplicate rows.
#include "clirunner.h"
#include "runstatetesting.h"

#include "storage/store.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tb;

namespace {

// Processes whose command line mentions `needle` (workers carry the workspace's cache path).
int processesMentioning(const QString &needle)
{
    int count = 0;
    const auto entries = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const auto &entry : entries) {
        bool isPid = false;
        entry.toInt(&isPid);
        if (!isPid)
            continue;
        QFile cmdline("/proc/" + entry + "/cmdline");
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(needle.toUtf8()))
            ++count;
    }
    return count;
}

} // namespace

class TestCrashSafety : public QObject
{
    Q_OBJECT

private slots:
    void killDuringARunLosesNothingCommitted()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const QString spec = examplePath("resources/examples/matmul/matmul.json");
        QProcess cli;
        // One worker and the whole grid (144 evaluations) keep the run going well past the kill.
        cli.start(cliPath(), {"--workspace", workspace, "tune", spec, "--workers", "1"});
        QVERIFY(cli.waitForStarted());
        // Plain output (not a terminal): one line per result. Wait for a few, then kill -9.
        QString seen;
        // Stop waiting early when the CLI ends on its own: that is a failure, not a hang.
        QTRY_VERIFY_WITH_TIMEOUT(
            (seen += QString::fromUtf8(cli.readAllStandardOutput()),
             seen.count(QStringLiteral("  ok  ")) >= 3 || cli.state() != QProcess::Running),
            120000);
        QVERIFY2(cli.state() == QProcess::Running,
                 qPrintable(seen + QString::fromUtf8(cli.readAllStandardError())));
        QCOMPARE(cli.state(), QProcess::Running);
        cli.kill(); // SIGKILL: no handler, no clean-up
        QVERIFY(cli.waitForFinished());
        const int printedBeforeKill = static_cast<int>(seen.count(QStringLiteral("  ok  ")));

        // Workers die with their supervisor (no orphans).
        QTRY_COMPARE_WITH_TIMEOUT(processesMentioning(workspace + ".cache"), 0, 5000);

        {
            auto store = Store::open(workspace.toStdString());
            QVERIFY2(store.hasValue(), store.hasValue() ? "" : store.error().toString().c_str());
            auto integrity = store->integrityCheck();
            QVERIFY(integrity.hasValue());
            QCOMPARE(*integrity, std::string("ok"));
            auto results = store->results().ofRun(1);
            QVERIFY(results.hasValue());
            QVERIFY(static_cast<int>(results->size()) >= printedBeforeKill);
            QVERIFY(results->size() < 144); // really interrupted mid-run
        }

        // The killed run is not left "running" for ever: its writer is gone, and it says so.
        const auto listed = runCli({"--workspace", workspace, "runs"});
        QCOMPARE(listed.exitCode, 0);
        QVERIFY2(listed.out.contains("interrupted"), qPrintable(listed.out));

        const auto rerun = runCli({"--workspace", workspace, "tune", spec, "--workers", "2"});
        QVERIFY2(rerun.exitCode == 0, qPrintable(rerun.out + rerun.err));
        QVERIFY2(rerun.out.contains("Resuming run 1"), qPrintable(rerun.out));

        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t(144)); // 72 configs x 2 sizes, each exactly once
        std::set<std::pair<std::string, std::size_t>> distinct;
        for (const auto &stored : *results)
            distinct.insert({stored.configKey, stored.sizeIndex});
        QCOMPARE(distinct.size(), results->size());
        auto run = store->runs().read(1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Finished);
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
