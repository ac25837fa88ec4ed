// Whatever a kernel starts ends with its worker (issue 34 item 7): a real C kernel
// (data/forkingkernel.c) forks sleepers and a double-forked daemon that leaves the worker's
// session, in real workers of a real CPU run. Once the run is over, none of them is left,
// whether its worker was shut down at the run's end, killed at a job's timeout or crashed.
#include "run/session.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <map>
#include <unistd.h>

using namespace tb;

namespace {

// The pids of every live process running `sleep <mark>` (a zombie's cmdline is empty).
std::vector<int> processesMarked(const QString &mark)
{
    const QByteArray wanted = QByteArray("sleep") + '\0' + mark.toLatin1() + '\0';
    std::vector<int> pids;
    for (const QString &name : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const int pid = name.toInt(&isPid);
        QFile cmdline("/proc/" + name + "/cmdline");
        if (isPid && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll() == wanted)
            pids.push_back(pid);
    }
    return pids;
}

// `sleep 600.<this pid><row>`: unique to this test and row.
QString sleepMark(int row)
{
    return QString("600.%1%2").arg(::getpid()).arg(row);
}

struct ScopeListener : public SessionListener
{
    QString mark;
    std::map<int, QString> statusByMode;
    std::size_t mostMarked = 0; // seen while a MODE 0 worker was alive

    void onResult(const ResultEvent &event) override
    {
        const int mode = static_cast<int>(event.config.values.at(0));
        statusByMode[mode] = QString::fromLatin1(toString(event.result.status));
        if (mode == 0)
            mostMarked = std::max(mostMarked, processesMarked(mark).size());
    }
};

// The kernel's spec with MODE taking `modes`, MODE 0 the reference, written into `dir`.
QString writeForkingSpec(const QTemporaryDir &dir, const QJsonArray &modes, int timeoutSeconds)
{
    const QJsonObject document{
        {"tunebench_spec", 1},
        {"name", "forking"},
        {"backend", "cpu"},
        {"kernel",
         QJsonObject{{"source", tbtest::sourceDir() + "/tests/engine/runner/data/forkingkernel.c"},
                     {"entry", "scale"},
                     {"language", "c"}}},
        {"parameters", QJsonArray{QJsonObject{{"name", "MODE"}, {"values", modes}}}},
        {"problem_sizes", QJsonArray{QJsonObject{{"N", 256}}}},
        {"arguments",
         QJsonArray{
             QJsonObject{{"name", "x"},
                         {"kind", "buffer"},
                         {"type", "float32"},
                         {"size", "N"},
                         {"init", QJsonObject{{"random", QJsonObject{{"seed", 1}}}}}},
             QJsonObject{{"name", "y"},
                         {"kind", "buffer"},
                         {"type", "float32"},
                         {"size", "N"},
                         {"output", true}},
             QJsonObject{{"name", "n"}, {"kind", "scalar"}, {"type", "int32"}, {"value", "N"}}}},
        {"verification", QJsonObject{{"reference", QJsonObject{{"MODE", 0}}}}},
        {"measurement", QJsonObject{{"warmup_runs", 1},
                                    {"min_samples", 3},
                                    {"max_samples", 3},
                                    {"timeout_seconds", timeoutSeconds},
                                    {"process_rounds", 1}}}};
    QFile out(dir.filePath("forking.json"));
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write the spec");
    out.write(QJsonDocument(document).toJson());
    return out.fileName();
}

Spec forkingSpec(const QTemporaryDir &dir, const QJsonArray &modes)
{
    const QString path = writeForkingSpec(dir, modes, 2);
    auto spec = SpecLoader().loadFile(path.toStdString());
    if (!spec)
        qFatal("cannot load the spec: %s", spec.error().toString().c_str());
    return spec.value();
}

SessionOptions scopeOptions(const QTemporaryDir &dir)
{
    SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.workerCommand = {tbtest::workerPath().toStdString()};
    options.workers = 1;
    options.toolVersion = "test";
    return options;
}

} // namespace

class TestWorkerScope : public QObject
{
    Q_OBJECT

private slots:
    void kernelChildrenEndWithTheirWorker_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("status"); // of MODE `mode`
        QTest::newRow("shut down at the run's end") << 0 << "ok";
        QTest::newRow("killed at a timeout") << 1 << "timeout";
        QTest::newRow("crashed") << 2 << "worker_crashed";
    }

    void kernelChildrenEndWithTheirWorker()
    {
        QFETCH(int, mode);
        QFETCH(QString, status);
        const QString mark = sleepMark(mode);
        qputenv("TB_TEST_SLEEP_MARK", mark.toLatin1()); // the workers inherit it
        QTemporaryDir dir;
        ScopeListener listener;
        listener.mark = mark;
        const QJsonArray modes = mode == 0 ? QJsonArray{0} : QJsonArray{0, mode};
        auto summary = Session(forkingSpec(dir, modes), scopeOptions(dir), listener).run();
        const std::vector<int> left = processesMarked(mark);
        for (int pid : left)
            ::kill(pid, SIGKILL); // not to leave them on the machine when this fails

        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QCOMPARE(listener.statusByMode[0], QStringLiteral("ok"));
        QCOMPARE(listener.statusByMode[mode], status);
        // The kernel did start them: 3 sleepers and a daemon per launch, two launches.
        QVERIFY2(listener.mostMarked >= 4, std::to_string(listener.mostMarked).c_str());
        QVERIFY2(left.empty(), (std::to_string(left.size()) + " left").c_str());
    }

    // The supervisor's process itself killed mid-run (tunebench-cli, SIGKILL, during a job that
    // hangs): each keeper is told by PR_SET_PDEATHSIG and ends its worker's scope.
    void kernelChildrenEndWithAKilledCli()
    {
        const QString mark = sleepMark(9);
        qputenv("TB_TEST_SLEEP_MARK", mark.toLatin1());
        QTemporaryDir dir;
        const QString spec = writeForkingSpec(dir, QJsonArray{0, 1}, 600);
        QProcess cli;
        cli.start(tbtest::pathFromEnvironment("TB_CLI_PATH", TB_CLI_PATH),
                  {"--workspace", dir.filePath("ws.tbw"), "tune", spec});
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(processesMarked(mark).size() >= 4, 60000);
        cli.kill();
        QVERIFY(cli.waitForFinished());
        QTRY_VERIFY_WITH_TIMEOUT(processesMarked(mark).empty(), 20000);
    }

    void cleanup()
    {
        for (int pid : processesMarked(sleepMark(9)))
            ::kill(pid, SIGKILL); // not to leave them on the machine when a test fails
    }
};

QTEST_GUILESS_MAIN(TestWorkerScope)
#include "tst_workerscope.moc"
