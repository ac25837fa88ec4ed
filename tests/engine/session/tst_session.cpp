// A Session end to end with real tunebench-worker processes and a real workspace: the events a
// listener sees, stop requests, budgets and resuming.
#include "session/session.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QTemporaryDir>
#include <QTest>

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

SessionOptions optionsFor(const QTemporaryDir &dir, RecordingListener &listener)
{
    SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.workerCommand = {tbtest::workerPath().toStdString()};
    options.workers = 2;
    options.toolVersion = "test";
    options.stopRequested = &listener.stop;
    return options;
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
        auto run = store->run(summary->runId);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, std::string("stopped"));
        auto results = store->results(summary->runId);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), static_cast<std::size_t>(summary->ok + summary->failed));
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
        for (const auto &event : listener.results)
            reusedEvents += event.reused ? 1 : 0;
        QCOMPARE(reusedEvents, std::size_t(3));
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
        auto run = store->run(1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, std::string("failed"));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
