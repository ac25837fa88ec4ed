// The host whose worker measured each round of a finalist (schema 8): round 1 copied with the
// result's host, later rounds with their own, read back; and added to a schema-7 workspace by
// its migration without losing a round stored before.
#include "storetesthelpers.h"

#include <QObject>
#include <QTest>

using namespace tb;
using namespace tb::testing;

namespace {

Result onHost(double base, const std::string &host)
{
    Result result = makeResult(base);
    result.host = host;
    return result;
}

// A result of `gemm` measured on `host`, saved in a fresh run of the workspace at `path`.
struct SavedResult
{
    std::int64_t runId = 0;
    std::int64_t resultId = 0;
};

SavedResult saveOne(Store &store, const std::string &host)
{
    const Spec spec = makeSpec("gemm");
    RunRecord run;
    run.specId = *store.specs().save(spec);
    SavedResult saved;
    saved.runId = *store.runs().create(run);
    const auto config = makeConfig(64, 32);
    saved.resultId = *store.results().save(saved.runId, run.specId, config.key(spec.parameters),
                                           config, 0, onHost(2e-4, host));
    return saved;
}

} // namespace

class TestStoreRoundHost : public QObject
{
    Q_OBJECT
    WorkspaceFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void eachRoundKeepsTheHostThatMeasuredIt()
    {
        Store store = openStore(m_files.newPath());
        const SavedResult saved = saveOne(store, "node-a");
        QVERIFY(store.rounds()
                    .save(saved.resultId, 2, onHost(2.1e-4, "node-b"), makeResult(2e-4))
                    .hasValue());
        QVERIFY(store.rounds()
                    .save(saved.resultId, 3, onHost(2.2e-4, ""), makeResult(2e-4))
                    .hasValue());
        const auto rounds = *store.rounds().ofRun(saved.runId);
        QCOMPARE(rounds.size(), std::size_t{3});
        QCOMPARE(rounds[0].result.host, std::string("node-a")); // the result's own measurement
        QCOMPARE(rounds[1].result.host, std::string("node-b"));
        QCOMPARE(rounds[2].result.host, std::string()); // a worker that named none
        QCOMPARE(rounds[1].result.device, makeResult(1).device);
    }

    // A schema-7 workspace gains the column: its rounds keep every field (host empty), rounds
    // saved after store their host.
    void migratesASchemaSevenWorkspaceLosingNoRound()
    {
        const QString path = m_files.newPath();
        SavedResult saved;
        const Result second = onHost(2.1e-4, "node-b");
        {
            Store store = openStore(path);
            saved = saveOne(store, "node-a");
            QVERIFY(store.rounds().save(saved.resultId, 2, second, makeResult(2e-4)).hasValue());
        }
        QVERIFY(rawExec(path, "ALTER TABLE result_rounds DROP COLUMN host;"
                              " DROP TABLE run_data_files; PRAGMA user_version = 7;"));
        QCOMPARE(rawInt(path, "SELECT count(*) FROM pragma_table_info('result_rounds')"
                              " WHERE name = 'host'"),
                 std::int64_t{0});

        Store store = openStore(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        const auto kept = *store.rounds().ofRun(saved.runId, true);
        QCOMPARE(kept.size(), std::size_t{2});
        const Result &after = kept[1].result;
        QCOMPARE(kept[1].round, 2);
        QCOMPARE(after.host, std::string());
        QCOMPARE(after.device, second.device);
        QCOMPARE(after.deviceUuid, second.deviceUuid);
        QCOMPARE(after.summary.median, second.summary.median);
        QCOMPARE(after.samples, second.samples);
        QCOMPARE(after.resources, second.resources);
        QCOMPARE(store.results().ofRun(saved.runId)->front().result.host, std::string("node-a"));

        QVERIFY(store.rounds()
                    .save(saved.resultId, 3, onHost(2.2e-4, "node-c"), makeResult(2e-4))
                    .hasValue());
        QCOMPARE(store.rounds().ofRun(saved.runId)->back().result.host, std::string("node-c"));
    }
};

QTEST_GUILESS_MAIN(TestStoreRoundHost)
#include "tst_storeroundhost.moc"
