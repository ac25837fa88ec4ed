// Where each result was measured, through the real CLI: a CPU tuning stores the measuring
// worker's host and CPU model on every result, local or through `--launcher ssh` to two hosts
// (the FAKE ssh, data/fakessh.sh, runs both on this machine, so both name its host); and
// `show` ranks a run whose results carry two device models per model, saying so, with a host
// column when the results name several hosts.
#include "clirunner.h"
#include "finishedrun.h"
#include "scalespec.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <fstream>

using namespace tb;

namespace {

std::string localHostName()
{
    char name[256] = {};
    return ::gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string();
}

// What the CPU worker names as its device: "cpu: " and /proc/cpuinfo's first model name.
std::string localCpuDevice()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0)
            return "cpu: " + line.substr(line.find(':') + 2);
    return "cpu";
}

Result on(double median, const std::string &device, const std::string &host)
{
    Result result = tbtest::timedResult(median);
    result.device = device;
    result.host = host;
    return result;
}

// The lines of `text` from the one starting with `from` up to the next "== " heading.
QString section(const QString &text, const QString &from)
{
    const qsizetype start = text.indexOf(from);
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf("\n== ", start + from.size());
    return text.mid(start, end < 0 ? -1 : end - start);
}

} // namespace

class TestCliHosts : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // Tunes the slowable CPU spec into `workspace` and checks every result's host and device.
    void tuneAndCheckWhere(const QString &workspace, const QStringList &extra)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TUNEBENCH_SSH", examplePath("tests/app/data/fakessh.sh"));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(cliPath(), QStringList{"--workspace", workspace, "tune",
                                             examplePath("tests/app/data/slowable.json")} +
                                     extra);
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        const auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t(6));
        const std::string host = localHostName();
        QVERIFY(!host.empty());
        for (const auto &stored : *results) {
            QVERIFY2(stored.result.status == ResultStatus::Ok, stored.result.message.c_str());
            QCOMPARE(stored.result.host, host);
            QCOMPARE(stored.result.device, localCpuDevice());
        }
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aLocalRunStoresTheHostAndCpuOfEveryResult()
    {
        tuneAndCheckWhere(m_dir.filePath("local.tbw"), {});
    }

    void aRunThroughSshToTwoHostsStoresTheMeasuringHost()
    {
        tuneAndCheckWhere(m_dir.filePath("ssh.tbw"),
                          {"--launcher", "ssh", "--ssh-hosts", "node1,node2"});
    }

    // The faster configuration on model B must not outrank model A's best: each model has its
    // own #1, and the report says why.
    void showRanksAMixedRunPerDeviceModel()
    {
        const QString workspace = m_dir.filePath("mixed.tbw");
        auto spec =
            SpecLoader().parse(tbtest::scaleSpec("scale-hosts"), m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        const std::string a = "cpu: Model A";
        const std::string b = "cpu: Model B";
        QCOMPARE(tbtest::storeFinishedRun(workspace.toStdString(), *spec,
                                          {{{32, 0.5}, 0, on(2e-3, a, "node-a")},
                                           {{32, 1}, 0, on(1e-3, b, "node-b")},
                                           {{64, 1}, 0, on(3e-3, a, "node-a")},
                                           {{64, 0.5}, 0, on(4e-3, b, "node-b")}}),
                 std::int64_t{1});
        QCOMPARE(tbtest::storeFinishedRun(
                     workspace.toStdString(), *spec,
                     {{{32, 0.5}, 0, on(2e-3, a, "node-a")}, {{32, 1}, 0, on(1e-3, a, "node-a")}}),
                 std::int64_t{2});

        const auto mixed = runCli({"--workspace", workspace, "show", "1"});
        QVERIFY2(mixed.exitCode == 0, qPrintable(mixed.err));
        QVERIFY2(mixed.out.contains("Measured on 2 device models: ranked per model, never across "
                                    "models\n"),
                 qPrintable(mixed.out));
        const QString onA = section(mixed.out, "== cpu: Model A (2 results) ==");
        const QString onB = section(mixed.out, "== cpu: Model B (2 results) ==");
        QVERIFY2(!onA.isEmpty() && !onB.isEmpty(), qPrintable(mixed.out));
        const QRegularExpression firstOnA(R"(\n\s*1\s+ok\*?\s+BLOCK=32,ALPHA=0.5\s+node-a\s)");
        const QRegularExpression firstOnB(R"(\n\s*1\s+ok\*?\s+BLOCK=32,ALPHA=1\s+node-b\s)");
        QVERIFY2(onA.contains(firstOnA), qPrintable(onA));
        QVERIFY2(onB.contains(firstOnB), qPrintable(onB));
        QVERIFY2(!onA.contains("node-b") && !onB.contains("node-a"), qPrintable(mixed.out));
        QVERIFY2(mixed.out.contains(QRegularExpression(R"(\bhost\b)")), qPrintable(mixed.out));

        // One model, one host: one ranking, no note, no host column.
        const auto single = runCli({"--workspace", workspace, "show", "2"});
        QVERIFY2(single.exitCode == 0, qPrintable(single.err));
        QVERIFY2(!single.out.contains("device models"), qPrintable(single.out));
        QVERIFY2(!single.out.contains("node-a"), qPrintable(single.out));
        QVERIFY2(single.out.contains(QRegularExpression(R"(\n\s*1\s+ok\*?\s+BLOCK=32,ALPHA=1\s)")),
                 qPrintable(single.out));
    }
};

QTEST_GUILESS_MAIN(TestCliHosts)
#include "tst_clihosts.moc"
