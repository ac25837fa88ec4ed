#include "storage/store.h"
#include "storetesthelpers.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <regex>

using namespace tb;
using namespace tb::testing;

class TestStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString newPath() { return m_dir.filePath(QString("ws%1.tbw").arg(++m_files)); }

    Store openStore(const QString &path)
    {
        auto store = Store::open(path.toStdString());
        if (!store)
            qFatal("cannot open store: %s", store.error().toString().c_str());
        return std::move(*store);
    }

    static bool isIsoUtc(const std::string &text)
    {
        static const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
        return std::regex_match(text, iso);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void createsAWalWorkspaceAtTheSchemaVersion()
    {
        const QString path = newPath();
        {
            Store store = openStore(path);
            QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
            QCOMPARE(store.path(), path.toStdString());
            QVERIFY(store.saveSpec(makeSpec("gemm")).hasValue());
        }
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        // WAL is a property of the file: it stays after the connection closes.
        QCOMPARE(rawInt(path, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);

        Store reopened = openStore(path);
        QCOMPARE(reopened.schemaVersion(), Store::kSchemaVersion);
        auto spec = reopened.spec(1);
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->name, std::string("gemm"));
    }

    void saveSpecDeduplicatesByContentHash()
    {
        Store store = openStore(newPath());
        const Spec gemm = makeSpec("gemm");
        auto first = store.saveSpec(gemm);
        auto again = store.saveSpec(gemm);
        auto other = store.saveSpec(makeSpec("gemm", ", \"x\": 1"));
        QVERIFY(first.hasValue() && again.hasValue() && other.hasValue());
        QCOMPARE(*again, *first);
        QVERIFY(*other != *first);

        auto stored = store.spec(*first);
        QVERIFY(stored.hasValue());
        QCOMPARE(stored->id, *first);
        QCOMPARE(stored->document, gemm.document);
        QCOMPARE(stored->baseDirectory, gemm.baseDirectory);
        QCOMPARE(stored->contentHash, Store::contentHash(gemm.document));
        QCOMPARE(store.spec(999).error().code, EngineError::Code::InvalidArgument);
    }

    void contentHashIsFnv1a64()
    {
        // Published FNV-1a 64 test vectors.
        QCOMPARE(Store::contentHash(""), std::string("fnv1a64:cbf29ce484222325"));
        QCOMPARE(Store::contentHash("a"), std::string("fnv1a64:af63dc4c8601ec8c"));
        QCOMPARE(Store::contentHash("foobar"), std::string("fnv1a64:85944171f73967e8"));
    }

    void listsRunsNewestFirstWithResultCounts()
    {
        Store store = openStore(newPath());
        const std::int64_t gemm = *store.saveSpec(makeSpec("gemm"));
        const std::int64_t axpy = *store.saveSpec(makeSpec("axpy"));
        QVERIFY(!store.latestRun(gemm)->has_value());

        RunRecord record;
        record.specId = gemm;
        record.strategy = "brute_force";
        record.host = "node7";
        record.toolVersion = "0.1.0";
        record.device = "cpu";
        const std::int64_t run1 = *store.createRun(record);
        record.specId = axpy;
        const std::int64_t run2 = *store.createRun(record);
        record.specId = gemm;
        record.strategy = "random";
        const std::int64_t run3 = *store.createRun(record);

        const Spec spec = makeSpec("gemm");
        for (int i = 0; i < 3; ++i) {
            const auto config = makeConfig(32.0 * (i + 1), 16);
            QVERIFY(store.saveResult(run1, gemm, config.key(spec.parameters), config, 0,
                                     makeResult(1e-3)));
        }
        const auto config = makeConfig(64, 32);
        QVERIFY(
            store.saveResult(run3, gemm, config.key(spec.parameters), config, 1, makeResult(2e-3)));

        auto runs = store.runs();
        QVERIFY(runs.hasValue());
        QCOMPARE(runs->size(), std::size_t{3});
        QCOMPARE((*runs)[0].id, run3);
        QCOMPARE((*runs)[1].id, run2);
        QCOMPARE((*runs)[2].id, run1);
        QCOMPARE((*runs)[0].resultCount, 1);
        QCOMPARE((*runs)[1].resultCount, 0);
        QCOMPARE((*runs)[2].resultCount, 3);
        QCOMPARE((*runs)[1].specName, std::string("axpy"));
        QCOMPARE((*runs)[0].strategy, std::string("random"));

        auto latest = store.latestRun(gemm);
        QVERIFY(latest.hasValue() && latest->has_value());
        QCOMPARE((*latest)->id, run3);
        QCOMPARE((*latest)->specName, std::string("gemm"));

        auto run = store.run(run1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, std::string("running"));
        QCOMPARE(run->host, std::string("node7"));
        QCOMPARE(run->toolVersion, std::string("0.1.0"));
        QCOMPARE(run->device, std::string("cpu"));
        QVERIFY(isIsoUtc(run->startedAt));
        QVERIFY(run->finishedAt.empty());
        QCOMPARE(store.run(12345).error().code, EngineError::Code::InvalidArgument);
    }

    void setRunStateStampsAndClearsTheFinishTime()
    {
        Store store = openStore(newPath());
        RunRecord record;
        record.specId = *store.saveSpec(makeSpec("gemm"));
        const std::int64_t runId = *store.createRun(record);

        QVERIFY(store.setRunState(runId, "stopped"));
        QCOMPARE(store.run(runId)->state, std::string("stopped"));
        QVERIFY(isIsoUtc(store.run(runId)->finishedAt));
        QVERIFY(store.setRunState(runId, "running")); // resumed
        QVERIFY(store.run(runId)->finishedAt.empty());
        QVERIFY(store.setRunState(runId, "finished"));
        QCOMPARE(store.run(runId)->state, std::string("finished"));

        QCOMPARE(store.setRunState(runId, "paused").error().code,
                 EngineError::Code::InvalidArgument);
        QCOMPARE(store.run(runId)->state, std::string("finished"));
        QVERIFY(!store.setRunState(999, "failed"));
    }

    void resultsRoundTripEveryField()
    {
        Store store = openStore(newPath());
        const Spec spec = makeSpec("gemm");
        RunRecord record;
        record.specId = *store.saveSpec(spec);
        const std::int64_t runId = *store.createRun(record);

        const auto okConfig = makeConfig(64, 0.5);
        const Result okResult = makeResult(1.234567890123e-4);
        Result failed;
        failed.status = ResultStatus::CompileError;
        failed.message = "error: 'x' was not declared, \"really\"\nsecond line";
        failed.compilerLog = std::string("log with a NUL \0 inside", 23);
        const auto failedConfig = makeConfig(32, 16);

        auto okId = store.saveResult(runId, record.specId, okConfig.key(spec.parameters), okConfig,
                                     1, okResult);
        auto failedId = store.saveResult(runId, record.specId, failedConfig.key(spec.parameters),
                                         failedConfig, 0, failed);
        QVERIFY(okId.hasValue());
        QVERIFY(failedId.hasValue());

        auto results = store.results(runId, true);
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
        QCOMPARE(a.result.metrics.size(), okResult.metrics.size());
        for (const auto &[name, value] : okResult.metrics)
            QVERIFY2(sameDouble(a.result.metrics.at(name), value), name.c_str());

        const StoredResult &b = (*results)[1];
        QVERIFY(b.result.status == ResultStatus::CompileError);
        QCOMPARE(b.result.message, failed.message);
        QCOMPARE(b.result.compilerLog, failed.compilerLog);
        QVERIFY(b.result.samples.empty());
        QCOMPARE(b.result.cachedBuild, false);

        auto withoutSamples = store.results(runId);
        QVERIFY(withoutSamples.hasValue());
        QCOMPARE(withoutSamples->size(), std::size_t{2});
        QVERIFY((*withoutSamples)[0].result.samples.empty());
        QCOMPARE((*withoutSamples)[0].result.summary.count, 5);
    }

    void completedConfigsListsWhatHasAResult()
    {
        Store store = openStore(newPath());
        const Spec spec = makeSpec("gemm");
        RunRecord record;
        record.specId = *store.saveSpec(spec);
        const std::int64_t runId = *store.createRun(record);
        const std::int64_t otherRun = *store.createRun(record);
        const auto c1 = makeConfig(32, 16);
        const auto c2 = makeConfig(64, 16);
        Result crashed;
        crashed.status = ResultStatus::WorkerCrashed;
        QVERIFY(
            store.saveResult(runId, record.specId, c1.key(spec.parameters), c1, 0, makeResult(1)));
        QVERIFY(store.saveResult(runId, record.specId, c1.key(spec.parameters), c1, 1, crashed));
        QVERIFY(store.saveResult(otherRun, record.specId, c2.key(spec.parameters), c2, 0,
                                 makeResult(1)));

        auto done = store.completedConfigs(runId);
        QVERIFY(done.hasValue());
        const std::set<std::pair<std::string, std::size_t>> expected = {{"BM=32,BN=16", 0},
                                                                        {"BM=32,BN=16", 1}};
        QCOMPARE(*done, expected);
        QVERIFY(store.completedConfigs(999)->empty());
    }

    void secondSaveOfTheSameKeyIsRefusedAndKeepsTheFirst()
    {
        const QString path = newPath();
        Store store = openStore(path);
        const Spec spec = makeSpec("gemm");
        RunRecord record;
        record.specId = *store.saveSpec(spec);
        const std::int64_t runId = *store.createRun(record);
        const auto config = makeConfig(32, 16);
        const Result first = makeResult(1e-3);
        QVERIFY(
            store.saveResult(runId, record.specId, config.key(spec.parameters), config, 0, first));

        Result second = makeResult(5e-3);
        second.samples.push_back(1.0);
        auto again =
            store.saveResult(runId, record.specId, config.key(spec.parameters), config, 0, second);
        QVERIFY(!again.hasValue());
        QCOMPARE(again.error().code, EngineError::Code::StoreError);
        QVERIFY(again.error().message.find("BM=32,BN=16") != std::string::npos);

        auto results = store.results(runId, true);
        QCOMPARE(results->size(), std::size_t{1});
        QCOMPARE(results->front().result.samples, first.samples);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM samples"),
                 static_cast<std::int64_t>(first.samples.size()));
    }

    void aFailingSaveRollsBackEverything()
    {
        const QString path = newPath();
        Store store = openStore(path);
        const Spec spec = makeSpec("gemm");
        RunRecord record;
        record.specId = *store.saveSpec(spec);
        const std::int64_t runId = *store.createRun(record);
        const auto kept = makeConfig(32, 16);
        QVERIFY(store.saveResult(runId, record.specId, kept.key(spec.parameters), kept, 0,
                                 makeResult(1e-3)));
        // Make the last step of the transaction (the samples) fail: the configuration and
        // result rows written before it in the same call must vanish with it.
        QVERIFY(rawExec(path, "CREATE TRIGGER no_negative BEFORE INSERT ON samples"
                              " WHEN NEW.seconds < 0 BEGIN SELECT RAISE(ABORT, 'negative'); END"));
        Result bad = makeResult(2e-3);
        bad.samples.back() = -1;
        const auto fresh = makeConfig(64, 32);
        auto saved =
            store.saveResult(runId, record.specId, fresh.key(spec.parameters), fresh, 1, bad);
        QVERIFY(!saved.hasValue());
        QVERIFY(saved.error().detail.find("negative") != std::string::npos);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM samples"), 5);

        // A run that does not exist, or belongs to another spec, is refused before writing.
        QCOMPARE(store.saveResult(999, record.specId, "k", fresh, 0, makeResult(1)).error().code,
                 EngineError::Code::InvalidArgument);
        const std::int64_t otherSpec = *store.saveSpec(makeSpec("axpy"));
        QVERIFY(!store.saveResult(runId, otherSpec, "k", fresh, 0, makeResult(1)));
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), 1);

        // The store still works after the failures.
        QVERIFY(store.saveResult(runId, record.specId, fresh.key(spec.parameters), fresh, 1,
                                 makeResult(2e-3)));
        QCOMPARE(*store.integrityCheck(), std::string("ok"));
    }

    void integrityCheckSaysOk()
    {
        Store store = openStore(newPath());
        auto check = store.integrityCheck();
        QVERIFY(check.hasValue());
        QCOMPARE(*check, std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
