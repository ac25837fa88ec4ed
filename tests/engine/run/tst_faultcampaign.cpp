// The fault campaign on the CPU backend (issue 17): a kernel made to fail every way a kernel
// can (tests/app/data/faults.c), tuned with 1, 2 and 4 real worker processes into a real
// workspace. Every configuration ends in the status its fault calls for, the run completes,
// lost workers are restarted, a flood of output is cut, and a broken reference condemns no
// configuration. bench/reliability/ runs the same campaign and writes its table.
#include "run/session.h"
#include "runstatetesting.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace tb;

namespace {

struct CampaignListener : public SessionListener
{
    std::map<int, ResultEvent> byFault; // FAULT value -> its result
    std::vector<std::string> logs;
    std::size_t logBytes = 0;

    void onResult(const ResultEvent &event) override
    {
        byFault[static_cast<int>(event.config.values.at(0))] = event;
    }
    void onLog(const std::string &line) override
    {
        logs.push_back(line);
        logBytes += line.size();
    }
    std::size_t countLogs(const std::string &text) const
    {
        std::size_t count = 0;
        for (const auto &line : logs)
            count += line.find(text) != std::string::npos ? 1 : 0;
        return count;
    }
};

// faults.json, its kernel by absolute path, with `reference` as verification.reference.
Spec loadCampaignSpec(const QTemporaryDir &dir, int reference)
{
    const QString folder = tbtest::sourceDir() + "/tests/app/data/";
    QFile in(folder + "faults.json");
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read faults.json");
    QJsonObject document = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = document.value("kernel").toObject();
    kernel.insert("source", folder + "faults.c");
    document.insert("kernel", kernel);
    QJsonObject verification = document.value("verification").toObject();
    verification.insert("reference", QJsonObject{{"FAULT", reference}});
    document.insert("verification", verification);
    QFile out(dir.filePath("faults.json"));
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write the campaign spec");
    out.write(QJsonDocument(document).toJson());
    out.close();
    auto spec = SpecLoader().loadFile(out.fileName().toStdString());
    if (!spec)
        qFatal("cannot load the campaign spec: %s", spec.error().toString().c_str());
    return spec.value();
}

SessionOptions campaignOptions(const QTemporaryDir &dir, int workers)
{
    SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.workerCommand = {tbtest::workerPath().toStdString()};
    options.workers = workers;
    options.toolVersion = "test";
    return options;
}

// faults.json with `reference` as its reference, tuned with `workers` into dir's workspace.
Expected<RunSummary> runCampaign(const QTemporaryDir &dir, int reference, int workers,
                                 CampaignListener &listener)
{
    const Spec spec = loadCampaignSpec(dir, reference);
    return Session(spec, campaignOptions(dir, workers), listener).run();
}

std::vector<StoredResult> storedResults(const QTemporaryDir &dir, std::int64_t runId)
{
    auto store = Store::open(dir.filePath("ws.tbw").toStdString());
    if (!store)
        return {};
    auto results = store->results().ofRun(runId);
    return results ? *results : std::vector<StoredResult>{};
}

} // namespace

class TestFaultCampaign : public QObject
{
    Q_OBJECT

private slots:
    void everyFaultEndsInItsStatusAndTheRunCompletes_data()
    {
        QTest::addColumn<int>("workers");
        QTest::newRow("1 worker") << 1;
        QTest::newRow("2 workers") << 2;
        QTest::newRow("4 workers") << 4;
    }

    void everyFaultEndsInItsStatusAndTheRunCompletes()
    {
        QFETCH(int, workers);
        QTemporaryDir dir;
        CampaignListener listener;
        auto summary = runCampaign(dir, 0, workers, listener);
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QVERIFY(!summary->stopped);
        QCOMPARE(listener.byFault.size(), std::size_t(9));

        const std::map<int, ResultStatus> expected{{0, ResultStatus::Ok},
                                                   {1, ResultStatus::WrongResult},
                                                   {2, ResultStatus::CompileError},
                                                   {3, ResultStatus::CompileError},
                                                   {4, ResultStatus::WorkerCrashed},
                                                   {5, ResultStatus::WorkerCrashed},
                                                   {6, ResultStatus::WorkerCrashed},
                                                   {7, ResultStatus::Timeout},
                                                   {8, ResultStatus::Ok}};
        for (const auto &[fault, status] : expected) {
            const Result &result = listener.byFault.at(fault).result;
            QVERIFY2(result.status == status,
                     (std::to_string(fault) + ": " + std::string(toString(result.status)) + " " +
                      result.message)
                         .c_str());
        }
        const auto message = [&](int fault) { return listener.byFault.at(fault).result.message; };
        QVERIFY2(message(2).find("FAULT 2 is built to fail") != std::string::npos,
                 message(2).c_str());
        QVERIFY2(message(3).find("tunebench_missing_symbol") != std::string::npos,
                 message(3).c_str());
        QVERIFY2(message(4).find("signal 11") != std::string::npos, message(4).c_str());
        QVERIFY2(message(5).find("signal 6") != std::string::npos, message(5).c_str());
        QVERIFY2(message(6).find("exit") != std::string::npos, message(6).c_str());

        // Each crash costs two workers (then the configuration is quarantined), the hang one;
        // and a worker is started for each lost one (the last may come after the run's end).
        QCOMPARE(listener.countLogs("lost on this configuration"), std::size_t(6));
        QCOMPARE(listener.countLogs("exceeded"), std::size_t(1));
        QVERIFY(listener.countLogs("started (pid") >= std::size_t(workers) + 6);

        // 16 MiB of output without a newline is logged as its first 256 KiB and a note.
        QVERIFY2(listener.logBytes < 2 * 1024 * 1024, std::to_string(listener.logBytes).c_str());
        QCOMPARE(listener.countLogs("of output"), std::size_t(1));

        auto store = Store::open(dir.filePath("ws.tbw").toStdString());
        QVERIFY(store.hasValue());
        auto run = store->runs().read(summary->runId);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Finished);
        QCOMPARE(storedResults(dir, summary->runId).size(), std::size_t(9));
    }

    // A reference that crashes its worker, with any number of workers: the size is given up
    // with the reference named, no configuration is stored or quarantined.
    void crashingReferenceCondemnsNoConfiguration_data()
    {
        everyFaultEndsInItsStatusAndTheRunCompletes_data();
    }

    void crashingReferenceCondemnsNoConfiguration()
    {
        QFETCH(int, workers);
        QTemporaryDir dir;
        CampaignListener listener;
        auto summary = runCampaign(dir, 4, workers, listener);
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QCOMPARE(summary->sizeFailures.size(), std::size_t(1));
        const std::string &why = summary->sizeFailures[0].message;
        QVERIFY2(why.find("the reference configuration FAULT=4 killed its worker") !=
                     std::string::npos,
                 why.c_str());
        // A compile error needs no reference: one may be stored before the size is given up.
        for (const auto &[fault, event] : listener.byFault)
            QVERIFY2(event.result.status == ResultStatus::CompileError,
                     (std::to_string(fault) + ": " + std::string(toString(event.result.status)))
                         .c_str());
        QCOMPARE(storedResults(dir, summary->runId).size(), listener.byFault.size());
    }
};

QTEST_GUILESS_MAIN(TestFaultCampaign)
#include "tst_faultcampaign.moc"
