// A Session's extra rounds (measurement.process_rounds) with real tunebench-worker processes
// and a real workspace: the finalists, fresh processes per round, the combined medians stored,
// and a stopped run resuming only the rounds still missing.
#include "measure/roundsummary.h"
#include "run/session.h"
#include "runstatetesting.h"
#include "spec/jsonreader.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <regex>
#include <set>

#include <unistd.h>

using namespace tb;

namespace {

constexpr int kRounds = 3;
constexpr int kFinalists = 2;
constexpr std::int64_t kConfigs = 5;

class RoundListener : public SessionListener
{
public:
    std::atomic<bool> stop{false};
    std::size_t stopAfterRoundResults = 0;
    std::vector<ResultEvent> results;
    std::vector<RoundStart> roundStarts;
    std::vector<RoundEvent> roundResults;
    std::vector<Progress> progress;
    // Worker pids in the order the supervisors reported starting them: of the measuring
    // worker (pool "cpu") and of the compile workers (pool "cpu-compile").
    std::vector<std::string> measuringPids;
    std::vector<std::string> compilePids;

    void onResult(const ResultEvent &event) override { results.push_back(event); }
    void onRoundStarted(const RoundStart &start) override { roundStarts.push_back(start); }
    void onRoundResult(const RoundEvent &event) override
    {
        roundResults.push_back(event);
        if (stopAfterRoundResults && roundResults.size() >= stopAfterRoundResults)
            stop = true;
    }
    void onProgress(const Progress &value) override { progress.push_back(value); }
    void onLog(const std::string &line) override
    {
        static const std::regex started(R"(^(cpu|cpu-compile) .*worker \d+ started \(pid (\d+))");
        std::smatch match;
        if (std::regex_search(line, match, started))
            (match[1] == "cpu" ? measuringPids : compilePids).push_back(match[2]);
    }
};

// The stencil example (CPU), sampled briefly, with three rounds for its two best.
Spec roundsSpec()
{
    const QString path = tbtest::sourceDir() + "/resources/examples/stencil/stencil.json";
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    Json json = Json::parse(file.readAll().toStdString());
    json["measurement"] = {{"min_samples", 3},
                           {"max_samples", 10},
                           {"max_seconds_per_config", 0.05},
                           {"process_rounds", kRounds},
                           {"finalists_per_size", kFinalists}};
    SpecLoader loader;
    auto spec = loader.parse(json.dump(),
                             (tbtest::sourceDir() + "/resources/examples/stencil").toStdString());
    if (!spec)
        qFatal("cannot load the rounds spec: %s", spec.error().toString().c_str());
    return *spec;
}

SessionOptions optionsFor(const QTemporaryDir &dir, RoundListener &listener)
{
    SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.workerCommand = {tbtest::workerPath().toStdString()};
    options.workers = 2;
    options.maxConfigs = kConfigs;
    options.toolVersion = "test";
    options.stopRequested = &listener.stop;
    return options;
}

// The keys of the `count` best ok results by objective (GB/s, higher is better).
std::set<std::string> bestKeys(const std::vector<ResultEvent> &results, std::size_t count)
{
    std::vector<const ResultEvent *> ok;
    for (const auto &event : results)
        if (std::isfinite(event.objective))
            ok.push_back(&event);
    std::sort(ok.begin(), ok.end(),
              [](const auto *a, const auto *b) { return a->objective > b->objective; });
    std::set<std::string> keys;
    for (std::size_t i = 0; i < std::min(count, ok.size()); ++i)
        keys.insert(ok[i]->configKey);
    return keys;
}

} // namespace

class TestSessionRounds : public QObject
{
    Q_OBJECT

private slots:
    void measuresTheFinalistsAgainInFreshProcesses()
    {
        QTemporaryDir dir;
        const Spec spec = roundsSpec();
        RoundListener listener;
        const auto options = optionsFor(dir, listener);
        auto summary = Session(spec, options, listener).run();
        QVERIFY2(summary.hasValue(), summary ? "" : summary.error().toString().c_str());
        QVERIFY(!summary->stopped);
        QCOMPARE(summary->roundsMeasured, std::uint64_t(kFinalists * (kRounds - 1)));

        QCOMPARE(listener.roundStarts.size(), std::size_t(kRounds - 1));
        for (int i = 0; i < kRounds - 1; ++i) {
            QCOMPARE(listener.roundStarts[i].round, i + 2);
            QCOMPARE(listener.roundStarts[i].rounds, kRounds);
            QCOMPARE(listener.roundStarts[i].toMeasure, std::size_t(kFinalists));
        }
        std::set<std::string> roundKeys;
        for (const auto &event : listener.roundResults) {
            roundKeys.insert(event.configKey);
            QVERIFY(event.measured.status == ResultStatus::Ok);
            QCOMPARE(event.medians.size(), std::size_t(event.round)); // rounds 1..round
            QVERIFY(std::isfinite(event.objective));
        }
        QCOMPARE(roundKeys, bestKeys(listener.results, kFinalists));

        // Each round is measured by a process no earlier round had; the compile workers
        // (two) are started once and kept.
        const std::set<std::string> measuring(listener.measuringPids.begin(),
                                              listener.measuringPids.end());
        QCOMPARE(listener.measuringPids.size(), std::size_t(kRounds));
        QCOMPARE(measuring.size(), std::size_t(kRounds));
        QCOMPARE(listener.compilePids.size(), std::size_t(2));
        QCOMPARE(listener.progress.back().done, listener.progress.back().total);
        QCOMPARE(listener.progress.back().total,
                 std::uint64_t(kConfigs + kFinalists * (kRounds - 1)));

        // The store: every round with its samples, and each finalist's median the median of
        // its rounds' medians.
        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        QCOMPARE(store->runs().read(summary->runId)->state, tb::RunState::Finished);
        auto rounds = store->rounds().ofRun(summary->runId, true);
        QVERIFY(rounds.hasValue());
        QCOMPARE(rounds->size(), std::size_t(kFinalists * kRounds));
        std::map<std::int64_t, std::vector<SampleSummary>> byResult;
        char host[256] = {};
        QCOMPARE(::gethostname(host, sizeof host - 1), 0);
        for (const auto &round : *rounds) {
            QCOMPARE(round.result.samples.size(), std::size_t(round.result.summary.count));
            // Each round names the host of the worker that measured it (its hello's).
            QCOMPARE(round.result.host, std::string(host));
            byResult[round.resultId].push_back(round.result.summary);
        }
        auto results = store->results().ofRun(summary->runId);
        QVERIFY(results.hasValue());
        for (const auto &stored : *results) {
            const auto found = byResult.find(stored.id);
            if (found == byResult.end())
                continue;
            QVERIFY(roundKeys.count(stored.configKey));
            const SampleSummary combined = combineRounds(found->second);
            QCOMPARE(stored.result.summary.median, combined.median);
            QCOMPARE(stored.result.summary.count, combined.count);
            const double gbps = 2.0 * 2048 * 2048 * 4 / combined.median / 1e9;
            QVERIFY(std::abs(stored.result.metrics.at("GB/s") / gbps - 1) < 1e-12);
        }
    }

    void resumesOnlyTheRoundsStillMissing()
    {
        QTemporaryDir dir;
        const Spec spec = roundsSpec();
        constexpr std::uint64_t kJobs = kFinalists * (kRounds - 1);
        std::int64_t runId = 0;
        std::uint64_t first = 0;
        std::set<std::string> finalists;
        {
            RoundListener listener;
            listener.stopAfterRoundResults = 1;
            auto summary = Session(spec, optionsFor(dir, listener), listener).run();
            QVERIFY(summary.hasValue());
            QVERIFY(summary->stopped);       // the rounds are part of the run
            first = summary->roundsMeasured; // the one asked for and any in flight with it
            QVERIFY(first >= 1 && first < kJobs);
            runId = summary->runId;
            for (const auto &event : listener.roundResults)
                finalists.insert(event.configKey);
        }
        RoundListener listener;
        const auto options = optionsFor(dir, listener);
        auto summary = Session(spec, options, listener).run();
        QVERIFY(summary.hasValue());
        QVERIFY(!summary->stopped);
        QCOMPARE(summary->runId, runId);
        QCOMPARE(summary->reused, std::uint64_t(kConfigs));
        QCOMPARE(summary->roundsMeasured, kJobs - first);
        // The same finalists as before the stop, though their stored medians moved meanwhile.
        for (const auto &event : listener.roundResults)
            finalists.insert(event.configKey);
        QCOMPARE(finalists.size(), std::size_t(kFinalists));
        // The rounds the first run stored are told before the missing ones are measured.
        const auto stored =
            std::count_if(listener.roundResults.begin(), listener.roundResults.end(),
                          [](const RoundEvent &event) { return event.stored; });
        QVERIFY(stored >= 1);
        QVERIFY(listener.roundResults.front().stored);
        auto store = Store::open(options.workspacePath);
        QCOMPARE(store->rounds().ofRun(runId)->size(), std::size_t(kFinalists * kRounds));
        QCOMPARE(store->runs().read(runId)->state, tb::RunState::Finished);
    }

    // Nothing left to measure: every finalist's rounds are told from the store (so a GUI shows
    // them without reopening) and the progress ends complete, its round jobs counted as done.
    void aFullyReusedResumeTellsItsRoundsAndEndsComplete()
    {
        QTemporaryDir dir;
        const Spec spec = roundsSpec();
        {
            RoundListener listener;
            QVERIFY(Session(spec, optionsFor(dir, listener), listener).run().hasValue());
        }
        RoundListener listener;
        auto summary = Session(spec, optionsFor(dir, listener), listener).run();
        QVERIFY(summary.hasValue());
        QVERIFY(!summary->stopped);
        QCOMPARE(summary->evaluated, std::uint64_t(0));
        QCOMPARE(summary->roundsMeasured, std::uint64_t(0));
        QCOMPARE(listener.roundResults.size(), std::size_t(kFinalists));
        for (const RoundEvent &event : listener.roundResults) {
            QVERIFY(event.stored);
            QCOMPARE(event.round, kRounds);
            QCOMPARE(event.medians.size(), std::size_t(kRounds));
            QVERIFY(event.combined.summary.median > 0);
            QVERIFY(!std::isnan(event.objective));
        }
        QVERIFY(!listener.progress.empty());
        const Progress &last = listener.progress.back();
        QCOMPARE(last.done, last.total);
        QCOMPARE(last.total, std::uint64_t(kConfigs + kFinalists * (kRounds - 1)));
    }

    // strategy.max_seconds ends the search; the finalists it found still get their rounds,
    // and the run, its search cut short, ends "stopped" (a re-run resumes the search).
    void theTimeBudgetBoundsTheSearchNotTheRounds()
    {
        QTemporaryDir dir;
        const Spec spec = roundsSpec();
        RoundListener listener;
        auto options = optionsFor(dir, listener);
        options.maxConfigs = 60;
        options.maxSeconds = 0.3;
        auto summary = Session(spec, options, listener).run();
        QVERIFY(summary.hasValue());
        QVERIFY(summary->ok >= std::uint64_t(kFinalists));
        QVERIFY2(summary->ok + summary->failed < 60, "the budget did not end the search");
        QCOMPARE(summary->roundsMeasured, std::uint64_t(kFinalists * (kRounds - 1)));
        QVERIFY(summary->stopped);
        QCOMPARE(Store::open(options.workspacePath)->runs().read(summary->runId)->state,
                 tb::RunState::Stopped);
    }

    void oneRoundMeasuresNothingAgain()
    {
        QTemporaryDir dir;
        Spec spec = roundsSpec();
        spec.measurement.processRounds = 1;
        spec.measurement.maxProcessRounds = 1;
        RoundListener listener;
        const auto options = optionsFor(dir, listener);
        auto summary = Session(spec, options, listener).run();
        QVERIFY(summary.hasValue());
        QVERIFY(listener.roundStarts.empty());
        QCOMPARE(summary->roundsMeasured, std::uint64_t(0));
        QVERIFY(Store::open(options.workspacePath)->rounds().ofRun(summary->runId)->empty());
    }
};

QTEST_GUILESS_MAIN(TestSessionRounds)
#include "tst_sessionrounds.moc"
