// The Store's results: every field stored and read back, what a run has measured, and a failed
// or duplicate save leaving the workspace as it was.
#include "storage/store.h"
#include "storetesthelpers.h"

#include <QTest>

#include <cmath>

using namespace tb;
using namespace tb::testing;

class TestStoreResults : public QObject
{
    Q_OBJECT

private:
    WorkspaceFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void resultsRoundTripEveryField()
    {
        auto [store, spec, record, runId] = openGemmRun(m_files.newPath());

        const auto okConfig = makeConfig(64, 0.5);
        const Result okResult = makeResult(1.234567890123e-4);
        Result failed;
        failed.status = ResultStatus::CompileError;
        failed.message = "error: 'x' was not declared, \"really\"\nsecond line";
        failed.compilerLog = std::string("log with a NUL \0 inside", 23);
        const auto failedConfig = makeConfig(32, 16);

        auto okId = store.results().save(runId, record.specId, okConfig.key(spec.parameters),
                                         okConfig, 1, okResult);
        auto failedId = store.results().save(
            runId, record.specId, failedConfig.key(spec.parameters), failedConfig, 0, failed);
        QVERIFY(okId.hasValue());
        QVERIFY(failedId.hasValue());

        auto results = store.results().ofRun(runId, true);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t{2});
        const StoredResult &a = (*results)[0];
        QCOMPARE(a.id, *okId);
        QCOMPARE(a.runId, runId);
        QCOMPARE(a.configKey, std::string("BM=64,BN=0.5"));
        QVERIFY(a.config == okConfig);
        QCOMPARE(a.sizeIndex, std::size_t{1});
        QVERIFY(isIsoUtc(a.createdAt));
        QVERIFY(a.result.status == ResultStatus::Ok);
        QCOMPARE(a.result.samples, okResult.samples); // exact doubles, in order
        QVERIFY(a.result.summary.median == okResult.summary.median);
        QVERIFY(a.result.summary.min == okResult.summary.min);
        QVERIFY(a.result.summary.mean == okResult.summary.mean);
        QVERIFY(a.result.summary.stddev == okResult.summary.stddev);
        QCOMPARE(a.result.summary.count, 5);
        QVERIFY(a.result.summary.relativeHalfWidth == okResult.summary.relativeHalfWidth);
        QCOMPARE(a.result.timer, okResult.timer);
        QCOMPARE(a.result.compilerLog, okResult.compilerLog);
        QVERIFY(a.result.compileSeconds == okResult.compileSeconds);
        QCOMPARE(a.result.cachedBuild, true);
        QCOMPARE(a.result.resources, okResult.resources);
        QCOMPARE(a.result.device, okResult.device); // which GPU measured it
        QCOMPARE(a.result.deviceUuid, okResult.deviceUuid);
        QCOMPARE(a.result.metrics.size(), okResult.metrics.size());
        for (const auto &[name, value] : okResult.metrics)
            QVERIFY2(sameDouble(a.result.metrics.at(name), value), name.c_str());

        const StoredResult &b = (*results)[1];
        QVERIFY(b.result.status == ResultStatus::CompileError);
        QCOMPARE(b.result.message, failed.message);
        QCOMPARE(b.result.compilerLog, failed.compilerLog);
        QVERIFY(b.result.samples.empty());
        QCOMPARE(b.result.cachedBuild, false);
        QVERIFY(b.result.device.empty()); // no GPU measured a failed compile

        auto withoutSamples = store.results().ofRun(runId);
        QVERIFY(withoutSamples.hasValue());
        QCOMPARE(withoutSamples->size(), std::size_t{2});
        QVERIFY((*withoutSamples)[0].result.samples.empty());
        QCOMPARE((*withoutSamples)[0].result.summary.count, 5);
    }

    void completedConfigsListsWhatHasAResult()
    {
        auto [store, spec, record, runId] = openGemmRun(m_files.newPath());
        const std::int64_t otherRun = *store.runs().create(record);
        const auto c1 = makeConfig(32, 16);
        const auto c2 = makeConfig(64, 16);
        Result crashed;
        crashed.status = ResultStatus::WorkerCrashed;
        QVERIFY(store.results().save(runId, record.specId, c1.key(spec.parameters), c1, 0,
                                     makeResult(1)));
        QVERIFY(
            store.results().save(runId, record.specId, c1.key(spec.parameters), c1, 1, crashed));
        QVERIFY(store.results().save(otherRun, record.specId, c2.key(spec.parameters), c2, 0,
                                     makeResult(1)));

        auto done = store.results().completedConfigs(runId);
        QVERIFY(done.hasValue());
        const std::set<std::pair<std::string, std::size_t>> expected = {{"BM=32,BN=16", 0},
                                                                        {"BM=32,BN=16", 1}};
        QCOMPARE(*done, expected);
        QVERIFY(store.results().completedConfigs(999)->empty());
    }

    void secondSaveOfTheSameKeyIsRefusedAndKeepsTheFirst()
    {
        const QString path = m_files.newPath();
        auto [store, spec, record, runId] = openGemmRun(path);
        const auto config = makeConfig(32, 16);
        const Result first = makeResult(1e-3);
        QVERIFY(store.results().save(runId, record.specId, config.key(spec.parameters), config, 0,
                                     first));

        Result second = makeResult(5e-3);
        second.samples.push_back(1.0);
        auto again = store.results().save(runId, record.specId, config.key(spec.parameters), config,
                                          0, second);
        QVERIFY(!again.hasValue());
        QCOMPARE(again.error().code, EngineError::Code::StoreError);
        QVERIFY(again.error().message.find("BM=32,BN=16") != std::string::npos);

        auto results = store.results().ofRun(runId, true);
        QCOMPARE(results->size(), std::size_t{1});
        QCOMPARE(results->front().result.samples, first.samples);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM samples"),
                 static_cast<std::int64_t>(first.samples.size()));
    }

    void aFailingSaveRollsBackEverything()
    {
        const QString path = m_files.newPath();
        auto [store, spec, record, runId] = openGemmRun(path);
        const auto kept = makeConfig(32, 16);
        QVERIFY(store.results().save(runId, record.specId, kept.key(spec.parameters), kept, 0,
                                     makeResult(1e-3)));
        // Make the last step of the transaction (the samples) fail: the configuration and
        // result rows written before it in the same call must vanish with it.
        QVERIFY(rawExec(path, "CREATE TRIGGER no_negative BEFORE INSERT ON samples"
                              " WHEN NEW.seconds < 0 BEGIN SELECT RAISE(ABORT, 'negative'); END"));
        Result bad = makeResult(2e-3);
        bad.samples.back() = -1;
        const auto fresh = makeConfig(64, 32);
        auto saved =
            store.results().save(runId, record.specId, fresh.key(spec.parameters), fresh, 1, bad);
        QVERIFY(!saved.hasValue());
        QVERIFY(saved.error().detail.find("negative") != std::string::npos);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM samples"), 5);

        // A run that does not exist, or belongs to another spec, is refused before writing.
        QCOMPARE(
            store.results().save(999, record.specId, "k", fresh, 0, makeResult(1)).error().code,
            EngineError::Code::InvalidArgument);
        const std::int64_t otherSpec = *store.specs().save(makeSpec("axpy"));
        QVERIFY(!store.results().save(runId, otherSpec, "k", fresh, 0, makeResult(1)));
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);

        // The store still works after the failures.
        QVERIFY(store.results().save(runId, record.specId, fresh.key(spec.parameters), fresh, 1,
                                     makeResult(2e-3)));
        QCOMPARE(*store.integrityCheck(), std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestStoreResults)
#include "tst_storeresults.moc"
