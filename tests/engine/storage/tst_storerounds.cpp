// The Store's rounds: finalists measured again in fresh processes, round 1 copied from the
// result, the result's summary replaced in the same transaction, and refusals that change
// nothing.
#include "runstatetesting.h"
#include "storage/store.h"
#include "storetesthelpers.h"

#include <QTest>

using namespace tb;
using namespace tb::testing;

namespace {

// A result of `gemm` saved in a fresh run: the store, and the result's id.
struct SavedResult
{
    GemmRun run;
    std::int64_t resultId = 0;
    Result first;
};

SavedResult saveOne(const QString &path)
{
    SavedResult saved{openGemmRun(path), 0, makeResult(2e-4)};
    const auto config = makeConfig(64, 32);
    auto id = saved.run.store.results().save(saved.run.runId, saved.run.record.specId,
                                             config.key(saved.run.spec.parameters), config, 0,
                                             saved.first);
    if (!id)
        qFatal("cannot save: %s", id.error().toString().c_str());
    saved.resultId = *id;
    return saved;
}

Result combinedOf(double median)
{
    Result combined = makeResult(median);
    combined.summary.count = 10;
    combined.metrics = {{"GB/s", 1.0 / median}};
    return combined;
}

} // namespace

class TestStoreRounds : public QObject
{
    Q_OBJECT

private:
    WorkspaceFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void savesARoundWithTheFirstAndReplacesTheSummary()
    {
        auto [run, resultId, first] = saveOne(m_files.newPath());
        Result second = makeResult(2.1e-4);
        second.resources = {{"sm_clock_mhz_min", 1980}};
        second.deviceUuid = "GPU-00000000-1111-2222-3333-444444444444"; // another card
        const Result combined = combinedOf(2.05e-4);
        auto saved = run.store.rounds().save(resultId, 2, second, combined);
        QVERIFY2(saved.hasValue(), saved ? "" : saved.error().toString().c_str());

        auto rounds = run.store.rounds().ofRun(run.runId, true);
        QVERIFY(rounds.hasValue());
        QCOMPARE(rounds->size(), std::size_t{2});
        const StoredRound &one = (*rounds)[0];
        const StoredRound &two = (*rounds)[1];
        QCOMPARE(one.round, 1);
        QCOMPARE(one.resultId, resultId);
        QVERIFY(one.result.summary.median == first.summary.median); // the grid's own, copied
        QCOMPARE(one.result.samples, first.samples);
        QCOMPARE(one.result.resources, first.resources);
        QCOMPARE(one.result.deviceUuid, first.deviceUuid);
        QCOMPARE(two.round, 2);
        QCOMPARE(two.result.device, second.device);
        QCOMPARE(two.result.deviceUuid, second.deviceUuid);
        QVERIFY(two.result.summary.median == second.summary.median);
        QCOMPARE(two.result.samples, second.samples);
        QCOMPARE(two.result.resources, second.resources);
        QCOMPARE(two.result.timer, second.timer);
        QVERIFY(isIsoUtc(two.createdAt));

        auto results = run.store.results().ofRun(run.runId, true);
        QVERIFY(results.hasValue());
        const Result &now = results->front().result;
        QVERIFY(now.summary.median == combined.summary.median);
        QCOMPARE(now.summary.count, 10);
        QCOMPARE(now.metrics, combined.metrics);
        QCOMPARE(now.samples, first.samples); // the result's samples stay round 1's
        QCOMPARE(now.resources, first.resources);

        // A third round adds itself only: round 1 is not copied again.
        QVERIFY(run.store.rounds().save(resultId, 3, makeResult(1.9e-4), combined).hasValue());
        QCOMPARE(run.store.rounds().ofRun(run.runId)->size(), std::size_t{3});
        QCOMPARE(*run.store.integrityCheck(), std::string("ok"));
    }

    void keepsAFailedRoundWithItsMessage()
    {
        auto [run, resultId, first] = saveOne(m_files.newPath());
        Result crashed;
        crashed.status = ResultStatus::RuntimeError;
        crashed.message = "illegal address";
        QVERIFY(run.store.rounds().save(resultId, 2, crashed, combinedOf(2e-4)).hasValue());
        auto rounds = run.store.rounds().ofRun(run.runId);
        QVERIFY(rounds.hasValue());
        QVERIFY(rounds->back().result.status == ResultStatus::RuntimeError);
        QCOMPARE(rounds->back().result.message, std::string("illegal address"));
        QVERIFY(rounds->back().result.samples.empty()); // not asked for
    }

    void refusesARepeatedRoundAndChangesNothing()
    {
        auto [run, resultId, first] = saveOne(m_files.newPath());
        QVERIFY(run.store.rounds().save(resultId, 2, makeResult(2.2e-4), combinedOf(2.1e-4)));
        const auto repeated =
            run.store.rounds().save(resultId, 2, makeResult(9e-4), combinedOf(9e-4));
        QVERIFY(!repeated.hasValue());
        QVERIFY(repeated.error().toString().find("already stored") != std::string::npos);
        QVERIFY(run.store.results().ofRun(run.runId)->front().result.summary.median == 2.1e-4);
        QCOMPARE(run.store.rounds().ofRun(run.runId)->size(), std::size_t{2});

        const auto roundOne = run.store.rounds().save(resultId, 1, first, combinedOf(1e-4));
        QVERIFY(!roundOne.hasValue());
        QVERIFY(roundOne.error().toString().find("round 1 is the result") != std::string::npos);
        const auto unknown = run.store.rounds().save(resultId + 99, 2, first, first);
        QVERIFY(!unknown.hasValue());
        QVERIFY(unknown.error().toString().find("no result") != std::string::npos);
        QCOMPARE(run.store.rounds().ofRun(run.runId)->size(), std::size_t{2});
    }

    // A workspace of schema 1 (before rounds, run holders, the GPU of each result and imported
    // runs) opens, gains the tables and columns and keeps its results.
    void migratesASchemaOneWorkspace()
    {
        const QString path = m_files.newPath();
        {
            auto saved = saveOne(path);
            (void)saved;
        }
        QVERIFY(rawExec(path, "DROP TABLE round_samples; DROP TABLE result_rounds;"
                              " ALTER TABLE runs DROP COLUMN holder_pid;"
                              " ALTER TABLE runs DROP COLUMN holder_host;"
                              " ALTER TABLE runs DROP COLUMN holder_started;"
                              " ALTER TABLE results DROP COLUMN device;"
                              " ALTER TABLE results DROP COLUMN device_uuid;"
                              " ALTER TABLE runs DROP COLUMN origin;"
                              " ALTER TABLE runs DROP COLUMN source_file;"
                              " ALTER TABLE runs DROP COLUMN source_hash;"
                              " ALTER TABLE runs DROP COLUMN peak_flops;"
                              " ALTER TABLE runs DROP COLUMN peak_bytes_per_second;"
                              " ALTER TABLE results DROP COLUMN host;"
                              " DROP TABLE run_data_files; PRAGMA user_version = 1;"));
        Store store = openStore(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), std::int64_t{1});
        const auto runId = rawInt(path, "SELECT id FROM runs");
        const auto resultId = rawInt(path, "SELECT id FROM results");
        QVERIFY(store.rounds().save(resultId, 2, makeResult(3e-4), combinedOf(2.5e-4)).hasValue());
        QCOMPARE(store.rounds().ofRun(runId)->size(), std::size_t{2});
        QVERIFY(store.results().ofRun(runId)->front().result.device.empty()); // measured before
        // The run had no writer recorded: it reads as interrupted, not running for ever.
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Interrupted);
    }
};

QTEST_GUILESS_MAIN(TestStoreRounds)
#include "tst_storerounds.moc"
