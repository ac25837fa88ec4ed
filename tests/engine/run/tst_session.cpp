// A Session end to end with real tunebench-worker processes and a real workspace: the events a
// listener sees, stop requests, budgets and resuming.
#include "run/session.h"
#include "runstatetesting.h"
#include "search/strategychoice.h"
#include "sessiontestoptions.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include <atomic>
#include <cmath>

using namespace tb;

namespace {

// Records every event; optionally asks the session to stop after N results.
class RecordingListener : public SessionListener
{
public:
    std::atomic<bool> stop{false};
    std::size_t stopAfterResults = 0;

    std::vector<SpaceSummary> spaces;
    std::vector<ResultEvent> results;
    std::vector<Progress> progress;
    std::vector<std::string> started;
    std::optional<RunSummary> finished;
    std::optional<EngineError> failed;
    bool resumed = false;

    void onRunStarted(std::int64_t, bool wasResumed) override { resumed = wasResumed; }
    void onSpaceSized(const SpaceSummary &summary) override { spaces.push_back(summary); }
    void onConfigStarted(std::size_t, const std::string &key) override { started.push_back(key); }
    void onResult(const ResultEvent &event) override
    {
        results.push_back(event);
        if (stopAfterResults && results.size() >= stopAfterResults)
            stop = true;
    }
    void onProgress(const Progress &value) override { progress.push_back(value); }
    void onFinished(const RunSummary &summary) override { finished = summary; }
    void onFailed(const EngineError &error) override { failed = error; }
};

Spec loadFaultySpec()
{
    SpecLoader loader;
    auto spec =
        loader.loadFile((tbtest::sourceDir() + "/tests/app/data/faulty.json").toStdString());
    if (!spec)
        qFatal("cannot load the test spec: %s", spec.error().toString().c_str());
    // These tests count the search's configurations; rounds after it: tst_sessionrounds.
    spec->measurement.processRounds = spec->measurement.maxProcessRounds = 1;
    return spec.value();
}

// faulty.json with other parameters (its kernel ignores any but MODE), written into `dir`.
Spec loadFaultyVariant(const QTemporaryDir &dir, const char *parametersJson,
                       const char *referenceJson)
{
    const QString folder = tbtest::sourceDir() + "/tests/app/data/";
    QFile in(folder + "faulty.json");
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read faulty.json");
    QJsonObject document = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = document.value("kernel").toObject();
    kernel.insert("source", folder + "faulty.c");
    document.insert("kernel", kernel);
    document.insert("parameters", QJsonDocument::fromJson(parametersJson).array());
    QJsonObject verification = document.value("verification").toObject();
    verification.insert("reference", QJsonDocument::fromJson(referenceJson).object());
    document.insert("verification", verification);
    QFile out(dir.filePath("variant.json"));
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write the variant spec");
    out.write(QJsonDocument(document).toJson());
    out.close();
    auto spec = SpecLoader().loadFile(out.fileName().toStdString());
    if (!spec)
        qFatal("cannot load the variant spec: %s", spec.error().toString().c_str());
    spec->measurement.processRounds = spec->measurement.maxProcessRounds = 1;
    return spec.value();
}

// Every configuration of the plan has a result, the run says finished, and the store agrees.
void verifyCompleteRun(const Expected<RunSummary> &summary, const RecordingListener &listener,
                       const std::string &workspace, std::size_t configurations)
{
    QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
    QVERIFY(!summary->stopped);
    QCOMPARE(listener.results.size(), configurations);
    auto store = Store::open(workspace);
    QVERIFY(store.hasValue());
    auto run = store->runs().read(summary->runId);
    QVERIFY(run.hasValue());
    QCOMPARE(run->state, tb::RunState::Finished);
    auto results = store->results().ofRun(summary->runId);
    QVERIFY(results.hasValue());
    QCOMPARE(results->size(), configurations);
}

SessionOptions optionsFor(const QTemporaryDir &dir, RecordingListener &listener)
{
    return tbtest::sessionTestOptions(dir, listener.stop);
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT

private slots:
    void reportsSpaceResultsProgressAndSummary()
    {
        QTemporaryDir dir;
        const Spec spec = loadFaultySpec();
        RecordingListener listener;
        Session session(spec, optionsFor(dir, listener), listener);
        auto summary = session.run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());

        QCOMPARE(listener.spaces.size(), std::size_t(1));
        QCOMPARE(listener.spaces[0].valid, std::uint64_t(6));
        QCOMPARE(listener.spaces[0].planned, std::uint64_t(6));
        QCOMPARE(listener.spaces[0].sizeLabel, std::string("N=4096"));
        QCOMPARE(listener.results.size(), std::size_t(6));
        QCOMPARE(listener.started.size(), std::size_t(6));
        QVERIFY(listener.finished.has_value());
        QCOMPARE(summary->ok, std::uint64_t(2));
        QCOMPARE(summary->failed, std::uint64_t(4));
        QCOMPARE(summary->evaluated, std::uint64_t(6));
        QVERIFY(!summary->stopped);
        QVERIFY(!listener.failed.has_value());

        // Progress counts up to the plan; the last report says everything is done.
        for (std::size_t i = 1; i < listener.progress.size(); ++i)
            QVERIFY(listener.progress[i].done >= listener.progress[i - 1].done);
        QCOMPARE(listener.progress.back().done, std::uint64_t(6));
        QCOMPARE(listener.progress.back().total, std::uint64_t(6));

        // Derived metrics are computed for ok results; exactly one result is the first best.
        int newBest = 0;
        for (const auto &event : listener.results) {
            if (event.result.status == ResultStatus::Ok) {
                QVERIFY(event.result.metrics.count("GB/s"));
                QVERIFY(std::isfinite(event.objective));
            } else {
                QVERIFY(std::isnan(event.objective));
                QVERIFY(!event.newBest);
            }
            newBest += event.newBest ? 1 : 0;
        }
        QVERIFY(newBest >= 1 && newBest <= 2);
    }

    void stopRequestEndsTheRunAndKeepsResults()
    {
        QTemporaryDir dir;
        const Spec spec = loadFaultySpec();
        RecordingListener listener;
        listener.stopAfterResults = 1;
        auto options = optionsFor(dir, listener);
        options.workers = 1;
        Session session(spec, options, listener);
        auto summary = session.run();
        QVERIFY(summary.hasValue());
        QVERIFY(summary->stopped);
        QVERIFY(summary->ok + summary->failed < 6);

        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        auto run = store->runs().read(summary->runId);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Stopped);
        auto results = store->results().ofRun(summary->runId);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), static_cast<std::size_t>(summary->ok + summary->failed));
    }

    // A crash or a hang costs the one measuring worker: while it restarts no worker is idle,
    // and the run waits for the new one instead of ending with the rest unmeasured (issue 17,
    // defect 1), whatever the number of build workers.
    void lostWorkerDoesNotEndTheRun_data()
    {
        QTest::addColumn<int>("workers");
        QTest::newRow("1 worker") << 1;
        QTest::newRow("2 workers") << 2;
    }

    void lostWorkerDoesNotEndTheRun()
    {
        QFETCH(int, workers);
        QTemporaryDir dir;
        const Spec spec = loadFaultySpec();
        RecordingListener listener;
        auto options = optionsFor(dir, listener);
        options.workers = workers;
        auto summary = Session(spec, options, listener).run();
        verifyCompleteRun(summary, listener, options.workspacePath, 6);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(summary->ok, std::uint64_t(2));
        QCOMPARE(summary->failed, std::uint64_t(4));
    }

    // A reference that cannot give its outputs stops its size with a message naming it, and
    // condemns no configuration: nothing is stored, a later run measures them (defect 2).
    void brokenReferenceStopsItsSizeAndCondemnsNoConfiguration_data()
    {
        QTest::addColumn<int>("reference"); // the MODE of faulty.c
        QTest::addColumn<QString>("why");
        QTest::newRow("crashes") << 4 << "killed its worker";
        QTest::newRow("hangs") << 5 << "ran longer than the limit";
        QTest::newRow("does not build") << 2 << "failed to build";
    }

    void brokenReferenceStopsItsSizeAndCondemnsNoConfiguration()
    {
        QFETCH(int, reference);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const std::string parameters = R"([{"name": "MODE", "values": [0, 3, )" +
                                       std::to_string(reference) +
                                       R"(]}, {"name": "COPY", "values": [1, 2]}])";
        const Spec spec = loadFaultyVariant(
            dir, parameters.c_str(),
            ("{\"MODE\": " + std::to_string(reference) + R"(, "COPY": 1})").c_str());
        RecordingListener listener;
        auto options = optionsFor(dir, listener);
        auto summary = Session(spec, options, listener).run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QCOMPARE(summary->sizeFailures.size(), std::size_t(1));
        const std::string &message = summary->sizeFailures[0].message;
        const std::string name = "the reference configuration " +
                                 Configuration{*spec.verification.reference}.key(spec.parameters);
        QVERIFY2(message.find(name) != std::string::npos, message.c_str());
        QVERIFY2(message.find(why.toStdString()) != std::string::npos, message.c_str());
        QCOMPARE(summary->sizeFailures[0].sizeLabel, std::string("N=4096"));
        QVERIFY(summary->stopped);
        QCOMPARE(summary->ok, std::uint64_t(0));
        // A compile error needs no reference: one may be stored before the size is given up.
        for (const auto &event : listener.results)
            QVERIFY(event.result.status == ResultStatus::CompileError);

        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        auto results = store->results().ofRun(summary->runId);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), listener.results.size());
        auto run = store->runs().read(summary->runId);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Stopped);
    }

    void resumesFromTheStoreWithoutMeasuringAgain()
    {
        QTemporaryDir dir;
        const Spec spec = loadFaultySpec();
        {
            RecordingListener listener;
            auto options = optionsFor(dir, listener);
            options.maxConfigs = 3;
            QVERIFY(Session(spec, options, listener).run().hasValue());
        }
        RecordingListener listener;
        Session session(spec, optionsFor(dir, listener), listener);
        auto summary = session.run();
        QVERIFY(summary.hasValue());
        QVERIFY(listener.resumed);
        QCOMPARE(summary->reused, std::uint64_t(3));
        QCOMPARE(summary->evaluated, std::uint64_t(3));
        QCOMPARE(listener.started.size(), std::size_t(3)); // only the new ones went to workers
        std::size_t reusedEvents = 0;
        std::size_t reusedOk = 0;
        for (const auto &event : listener.results) {
            reusedEvents += event.reused ? 1 : 0;
            // A reused ok result carries its stored samples, as when it was measured.
            if (event.reused && event.result.status == ResultStatus::Ok) {
                ++reusedOk;
                QVERIFY(!event.result.samples.empty());
            }
        }
        QCOMPARE(reusedEvents, std::size_t(3));
        QVERIFY(reusedOk > 0);
    }

    // A searching strategy in a real run: it asks for configurations while others are being
    // measured (two workers), and strategy.stop_after_no_improvement ends the size early; the
    // run is complete (not interrupted), and resuming it measures nothing twice.
    void aSearchingStrategyStopsEarlyAndTheRunIsComplete()
    {
        QTemporaryDir dir;
        Spec spec = loadFaultyVariant(
            dir,
            R"([{"name": "MODE", "values": [0, 1, 3]}, {"name": "A", "values": [1, 2, 3, 4, 5]},
                {"name": "COPY", "values": [1, 2, 3, 4]}])",
            R"({"MODE": 0, "A": 1, "COPY": 1})");
        spec.strategy.name = "greedy_ils";
        spec.strategy.stopAfterNoImprovement = 6;
        RecordingListener first;
        auto summary = Session(spec, optionsFor(dir, first), first).run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QVERIFY(!summary->stopped);
        QVERIFY2(summary->evaluated < 60, qPrintable(QString::number(summary->evaluated)));
        QVERIFY(summary->evaluated >= 7); // the first best, then six without a better one
        std::set<std::string> measured;
        for (const auto &event : first.results)
            QVERIFY(measured.insert(event.configKey).second); // none twice
        auto store = Store::open(dir.filePath("ws.tbw").toStdString());
        QCOMPARE(store->runs().read(summary->runId)->state, tb::RunState::Finished);
        QVERIFY(!first.progress.empty());
        QCOMPARE(first.progress.back().done, first.progress.back().total);

        RecordingListener second;
        auto resumed = Session(spec, optionsFor(dir, second), second).run();
        QVERIFY(resumed.hasValue());
        QCOMPARE(resumed->runId, summary->runId);
        for (const auto &event : second.results)
            if (!event.reused)
                QVERIFY(!measured.count(event.configKey));
        QVERIFY(resumed->reused > 0);
    }

    // A spec naming no strategy ("auto") under a budget smaller than its space searches with
    // the default guided strategy, and the run records that name, not "auto".
    void autoStrategyIsRecordedAsWhatItResolvedTo()
    {
        QTemporaryDir dir;
        Spec spec = loadFaultySpec();
        QCOMPARE(spec.strategy.name, std::string("auto")); // faulty.json names none
        spec.strategy.maxConfigs = 2;
        RecordingListener listener;
        auto summary = Session(spec, optionsFor(dir, listener), listener).run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QCOMPARE(summary->evaluated, std::uint64_t(2));
        auto store = Store::open(dir.filePath("ws.tbw").toStdString());
        QCOMPARE(store->runs().read(summary->runId)->strategy, std::string(kDefaultGuidedStrategy));
    }

    // strategy.replay means "look the times up": a measuring session refuses it before any run
    // exists (the CLI replays such a spec; the GUI says so).
    void replayingSpecIsNotMeasured()
    {
        QTemporaryDir dir;
        Spec spec = loadFaultySpec();
        spec.strategy.replayFile = "recorded.json";
        RecordingListener listener;
        auto summary = Session(spec, optionsFor(dir, listener), listener).run();
        QVERIFY(!summary.hasValue());
        QVERIFY2(summary.error().toString().find("recorded.json") != std::string::npos,
                 summary.error().toString().c_str());
        auto store = Store::open(dir.filePath("ws.tbw").toStdString());
        if (store.hasValue())
            QVERIFY(!store->runs().read(1).hasValue());
    }

    void workerThatCannotStartFailsTheRunWithItsReason()
    {
        QTemporaryDir dir;
        const Spec spec = loadFaultySpec();
        RecordingListener listener;
        auto options = optionsFor(dir, listener);
        options.workerCommand = {dir.filePath("no-such-worker").toStdString()};
        Session session(spec, options, listener);
        auto summary = session.run();
        QVERIFY(!summary.hasValue());
        QVERIFY(listener.failed.has_value());
        QVERIFY2(summary.error().toString().find("no-such-worker") != std::string::npos,
                 summary.error().toString().c_str());
        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        auto run = store->runs().read(1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Failed);
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
