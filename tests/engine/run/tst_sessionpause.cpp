// Pausing a real run (the CPU matmul example, real workers, a real workspace): nothing new is
// issued while paused, the configurations in flight still finish and are stored, the paused
// time is not counted, and after a resume the run completes with every result stored once.
#include "run/session.h"
#include "runstatetesting.h"
#include "sessiontestoptions.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

using namespace tb;
using namespace std::chrono_literals;

namespace {

// Records events from the session's thread; the test thread waits on them. Raises the pause
// flag itself after N results, so the pause lands mid-run whatever the machine's speed.
class PausingListener : public SessionListener
{
public:
    std::atomic<bool> stop{false};
    std::atomic<bool> pause{false};
    std::size_t pauseAfterResults = 0;

    void onConfigStarted(std::size_t, const std::string &) override
    {
        std::lock_guard lock(m_mutex);
        ++m_started;
    }
    void onResult(const ResultEvent &event) override
    {
        std::lock_guard lock(m_mutex);
        m_keys.push_back({event.configKey, event.sizeIndex});
        if (pauseAfterResults && m_keys.size() == pauseAfterResults)
            pause = true;
        m_changed.notify_all();
    }
    void onProgress(const Progress &progress) override
    {
        std::lock_guard lock(m_mutex);
        m_progress.push_back(progress);
        m_changed.notify_all();
    }

    // Waits until pred() holds (under the lock) or the timeout passes.
    template <typename Pred> bool waitFor(std::chrono::milliseconds timeout, Pred pred)
    {
        std::unique_lock lock(m_mutex);
        return m_changed.wait_for(lock, timeout, [&] { return pred(); });
    }

    // Until the session reports the pause it was asked for.
    bool waitForPaused(std::chrono::milliseconds timeout)
    {
        return waitFor(timeout, [&] {
            return std::any_of(m_progress.begin(), m_progress.end(),
                               [](const auto &progress) { return progress.paused; });
        });
    }

    std::size_t started() const
    {
        std::lock_guard lock(m_mutex);
        return m_started;
    }
    std::size_t resultCount() const
    {
        std::lock_guard lock(m_mutex);
        return m_keys.size();
    }
    std::vector<Progress> progress() const
    {
        std::lock_guard lock(m_mutex);
        return m_progress;
    }
    std::vector<std::pair<std::string, std::size_t>> keys() const
    {
        std::lock_guard lock(m_mutex);
        return m_keys;
    }
    // Read directly only inside waitFor's predicate, which runs under the lock.
    std::size_t m_started = 0;
    std::vector<std::pair<std::string, std::size_t>> m_keys;
    std::vector<Progress> m_progress;

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
};

Spec loadMatmul()
{
    SpecLoader loader;
    auto spec = loader.loadFile(
        (tbtest::sourceDir() + "/resources/examples/matmul/matmul.json").toStdString());
    if (!spec)
        qFatal("cannot load the matmul example: %s", spec.error().toString().c_str());
    // These tests count the search's configurations; rounds after it: tst_sessionrounds.
    spec->measurement.processRounds = spec->measurement.maxProcessRounds = 1;
    return spec.value();
}

SessionOptions optionsFor(const QTemporaryDir &dir, PausingListener &listener)
{
    SessionOptions options = tbtest::sessionTestOptions(dir, listener.stop);
    options.maxConfigs = 4; // per size: 8 in all over the example's two sizes
    options.pauseRequested = &listener.pause;
    return options;
}

} // namespace

class TestSessionPause : public QObject
{
    Q_OBJECT

private slots:
    void pausedRunIssuesNothingAndCompletesAfterResume()
    {
        QTemporaryDir dir;
        const Spec spec = loadMatmul();
        PausingListener listener;
        listener.pauseAfterResults = 2;
        const auto options = optionsFor(dir, listener);
        Session session(spec, options, listener);
        Expected<RunSummary> summary = makeError(EngineError::Code::Internal, "not run");
        std::thread runner([&] { summary = session.run(); });

        // The session reports the pause once it has seen the flag.
        QVERIFY(listener.waitForPaused(60s));
        // What was in flight finishes and is reported; then nothing more starts.
        QVERIFY(
            listener.waitFor(60s, [&] { return listener.m_keys.size() == listener.m_started; }));
        const std::size_t startedWhenPaused = listener.started();
        QVERIFY(startedWhenPaused < 8);
        std::this_thread::sleep_for(1500ms); // a worker would have taken a config long before
        QCOMPARE(listener.started(), startedWhenPaused);
        QCOMPARE(listener.resultCount(), startedWhenPaused);

        listener.pause = false;
        runner.join();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QVERIFY(!summary->stopped);
        QCOMPARE(summary->evaluated, std::uint64_t(8));
        QCOMPARE(listener.started(), std::size_t(8));

        // The clock stood still while paused: from the report that said "paused" to the one
        // that said "running again" no elapsed time was counted, though 1.5 s passed.
        const auto progress = listener.progress();
        std::optional<double> pausedAt, resumedAt;
        for (const auto &p : progress) {
            if (p.paused && !pausedAt)
                pausedAt = p.elapsedSeconds;
            if (pausedAt && !p.paused && !resumedAt)
                resumedAt = p.elapsedSeconds;
        }
        QVERIFY(pausedAt && resumedAt);
        QVERIFY2(*resumedAt - *pausedAt < 0.75,
                 qPrintable(QString("paused %1 s, resumed %2 s").arg(*pausedAt).arg(*resumedAt)));
        QVERIFY(summary->seconds < progress.back().elapsedSeconds + 0.75);

        // Every result reported once and stored once.
        const auto keys = listener.keys();
        QCOMPARE(keys.size(), std::size_t(8));
        QCOMPARE(std::set(keys.begin(), keys.end()).size(), std::size_t(8));
        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        auto run = store->runs().read(summary->runId);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Finished);
        auto stored = store->results().ofRun(summary->runId);
        QVERIFY(stored.hasValue());
        QCOMPARE(stored->size(), std::size_t(8));
        std::set<std::pair<std::string, std::size_t>> storedKeys;
        for (const auto &result : *stored)
            storedKeys.insert({result.configKey, result.sizeIndex});
        QCOMPARE(storedKeys, std::set(keys.begin(), keys.end()));
    }

    void stopEndsAPausedRun()
    {
        QTemporaryDir dir;
        const Spec spec = loadMatmul();
        PausingListener listener;
        listener.pauseAfterResults = 1;
        const auto options = optionsFor(dir, listener);
        Session session(spec, options, listener);
        Expected<RunSummary> summary = makeError(EngineError::Code::Internal, "not run");
        std::thread runner([&] { summary = session.run(); });
        QVERIFY(listener.waitForPaused(60s));
        listener.stop = true; // the pause flag stays up: stop must still end the run
        runner.join();
        QVERIFY(summary.hasValue());
        QVERIFY(summary->stopped);
        QVERIFY(summary->evaluated < 8);
        auto store = Store::open(options.workspacePath);
        QVERIFY(store.hasValue());
        auto stored = store->results().ofRun(summary->runId);
        QVERIFY(stored.hasValue());
        QCOMPARE(stored->size(), std::size_t(summary->evaluated));
        QCOMPARE(store->runs().read(summary->runId)->state, tb::RunState::Stopped);
    }
};

QTEST_GUILESS_MAIN(TestSessionPause)
#include "tst_sessionpause.moc"
