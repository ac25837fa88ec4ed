// The host whose worker measured each result (schema 7): written, read back, and added to a
// schema-6 workspace by its migration without losing anything stored before.
#include "storetesthelpers.h"

#include <QObject>
#include <QTest>

using namespace tb;
using namespace tb::testing;

class TestStoreHost : public QObject
{
    Q_OBJECT
    WorkspaceFiles m_files;

    static Result onHost(double base, const std::string &host)
    {
        Result result = makeResult(base);
        result.host = host;
        return result;
    }

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void roundTripsTheHostOfEachResult()
    {
        auto [store, spec, record, runId] = openGemmRun(m_files.newPath());
        const auto a = makeConfig(32, 16);
        const auto b = makeConfig(64, 32);
        QVERIFY(store.results()
                    .save(runId, record.specId, a.key(spec.parameters), a, 0,
                          onHost(1e-4, "node-a.cluster"))
                    .hasValue());
        QVERIFY(store.results()
                    .save(runId, record.specId, b.key(spec.parameters), b, 0, onHost(2e-4, ""))
                    .hasValue());
        const auto results = *store.results().ofRun(runId);
        QCOMPARE(results.size(), std::size_t{2});
        QCOMPARE(results[0].result.host, std::string("node-a.cluster"));
        QCOMPARE(results[1].result.host, std::string()); // an imported result names none
        QCOMPARE(results[0].result.device, makeResult(1).device);
    }

    // A schema-6 workspace gains the column: its results keep every field (host empty), new
    // results store their host.
    void migratesASchemaSixWorkspaceLosingNothing()
    {
        const QString path = m_files.newPath();
        const auto config = makeConfig(32, 16);
        const Result before = makeResult(3e-4);
        std::int64_t runId = 0;
        std::int64_t specId = 0;
        {
            auto run = openGemmRun(path);
            runId = run.runId;
            specId = run.record.specId;
            QVERIFY(run.store.results()
                        .save(runId, specId, config.key(run.spec.parameters), config, 1, before)
                        .hasValue());
        }
        QVERIFY(rawExec(path,
                        "ALTER TABLE results DROP COLUMN host;"
                        " ALTER TABLE result_rounds DROP COLUMN host; DROP TABLE run_data_files;"
                        " PRAGMA user_version = 6;"));
        QCOMPARE(rawInt(path, "SELECT count(*) FROM pragma_table_info('results')"
                              " WHERE name = 'host'"),
                 std::int64_t{0});

        Store store = openStore(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        const auto kept = *store.results().ofRun(runId, true);
        QCOMPARE(kept.size(), std::size_t{1});
        const Result &after = kept.front().result;
        QCOMPARE(after.host, std::string());
        QCOMPARE(after.device, before.device);
        QCOMPARE(after.deviceUuid, before.deviceUuid);
        QCOMPARE(after.summary.median, before.summary.median);
        QCOMPARE(after.samples, before.samples);
        QCOMPARE(after.resources, before.resources);
        QCOMPARE(after.compilerLog, before.compilerLog);
        QCOMPARE(kept.front().sizeIndex, std::size_t{1});

        const auto fresh = makeConfig(64, 32);
        QVERIFY(store.results()
                    .save(runId, specId, fresh.key(makeSpec("gemm").parameters), fresh, 0,
                          onHost(1e-4, "node-b"))
                    .hasValue());
        QCOMPARE(store.results().ofRun(runId)->back().result.host, std::string("node-b"));
    }
};

QTEST_GUILESS_MAIN(TestStoreHost)
#include "tst_storehost.moc"
