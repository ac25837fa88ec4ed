// RunImporter::importRun(): a run read from another tool's file, stored finished with its spec and
// every result in one transaction; the same file refused a second time; never resumed as the
// spec's latest run; a schema-4 workspace migrated to hold it.
#include "runstatetesting.h"
#include "storetesthelpers.h"

using namespace tb;
using namespace tb::testing;

namespace {

RunRecord importedRecord(const std::string &hash)
{
    RunRecord run;
    run.origin = kOriginKernelTuner;
    run.sourceFile = "cache.json.gz";
    run.sourceHash = hash;
    run.device = "NVIDIA A100-PCIE-40GB";
    return run;
}

StoredResult importedResult(double bm, double bn, double median)
{
    StoredResult stored;
    stored.config = makeConfig(bm, bn);
    stored.configKey = "BM=" + formatValue(bm) + ",BN=" + formatValue(bn);
    stored.sizeIndex = 1;
    stored.result = makeResult(median);
    return stored;
}

} // namespace

class TestStoreImport : public QObject
{
    Q_OBJECT

    WorkspaceFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void storesAFinishedRunMarkedImported()
    {
        Store store = openStore(m_files.newPath());
        const Spec spec = makeSpec("gemm");
        auto ids = store.importer().importRun(
            spec, importedRecord("fnv1a64:1"),
            {importedResult(32, 16, 1e-3), importedResult(64, 16, 2e-3)});
        QVERIFY2(ids.hasValue(), ids ? "" : ids.error().toString().c_str());
        const RunRecord run = *store.runs().read(ids->runId);
        QCOMPARE(run.state, tb::RunState::Finished);
        QVERIFY(isIsoUtc(run.finishedAt));
        QVERIFY(run.imported());
        QCOMPARE(run.origin, std::string(kOriginKernelTuner));
        QCOMPARE(run.sourceFile, std::string("cache.json.gz"));
        QCOMPARE(run.sourceHash, std::string("fnv1a64:1"));
        QCOMPARE(run.device, std::string("NVIDIA A100-PCIE-40GB"));
        QVERIFY(!run.holder);
        const auto results = *store.results().ofRun(ids->runId, true);
        QCOMPARE(results.size(), std::size_t{2});
        QCOMPARE(results[1].result.summary.median, 2e-3);
        QCOMPARE(results[1].result.samples.size(), std::size_t{5});
        QCOMPARE(*store.runs().importedFrom("fnv1a64:1"), std::optional<std::int64_t>(ids->runId));
    }

    void theSameContentTwiceIsRefusedAndNothingChanges()
    {
        Store store = openStore(m_files.newPath());
        const Spec spec = makeSpec("gemm");
        QVERIFY(store.importer()
                    .importRun(spec, importedRecord("fnv1a64:2"), {importedResult(32, 16, 1e-3)})
                    .hasValue());
        const auto again = store.importer().importRun(
            makeSpec("other"), importedRecord("fnv1a64:2"), {importedResult(32, 16, 1e-3)});
        QVERIFY(!again.hasValue());
        QVERIFY(again.error().toString().find("already imported as run 1") != std::string::npos);
        QCOMPARE(store.runs().all()->size(), std::size_t{1});
        QCOMPARE(rawInt(QString::fromStdString(store.path()), "SELECT count(*) FROM specs"),
                 std::int64_t{1});
    }

    // One result fails (the same configuration twice): the run, its spec and the results before
    // it are all rolled back.
    void aFailingResultStoresNothing()
    {
        const QString path = m_files.newPath();
        Store store = openStore(path);
        const auto failed = store.importer().importRun(
            makeSpec("gemm"), importedRecord("fnv1a64:3"),
            {importedResult(32, 16, 1e-3), importedResult(32, 16, 1e-3)});
        QVERIFY(!failed.hasValue());
        QCOMPARE(rawInt(path, "SELECT count(*) FROM runs"), std::int64_t{0});
        QCOMPARE(rawInt(path, "SELECT count(*) FROM specs"), std::int64_t{0});
        QCOMPARE(rawInt(path, "SELECT count(*) FROM results"), std::int64_t{0});
        QCOMPARE(rawInt(path, "SELECT count(*) FROM configurations"), std::int64_t{0});
    }

    void aRunThatIsNotImportedIsRefused()
    {
        Store store = openStore(m_files.newPath());
        RunRecord native = importedRecord("fnv1a64:4");
        native.origin.clear();
        QVERIFY(!store.importer().importRun(makeSpec("gemm"), native, {}).hasValue());
    }

    // A tune of the spec resumes its latest native run, never an imported one.
    void latestRunSkipsImportedRuns()
    {
        Store store = openStore(m_files.newPath());
        const Spec spec = makeSpec("gemm");
        const std::int64_t specId = *store.specs().save(spec);
        QVERIFY(!store.runs().latest(specId)->has_value());
        RunRecord native;
        native.specId = specId;
        const std::int64_t nativeId = *store.runs().create(native);
        const auto ids = store.importer().importRun(spec, importedRecord("fnv1a64:5"), {});
        QVERIFY(ids.hasValue());
        QCOMPARE(ids->specId, specId);
        QCOMPARE((*store.runs().latest(specId))->id, nativeId);
        QCOMPARE(store.runs().all()->front().id, ids->runId); // still listed, newest first
    }

    // A schema-4 workspace gains the columns; its runs read as native.
    void migratesASchemaFourWorkspace()
    {
        const QString path = m_files.newPath();
        {
            Store store = openStore(path);
            const std::int64_t specId = *store.specs().save(makeSpec("gemm"));
            RunRecord run;
            run.specId = specId;
            QVERIFY(store.runs().create(run).hasValue());
        }
        QVERIFY(rawExec(path, "ALTER TABLE runs DROP COLUMN origin;"
                              " ALTER TABLE runs DROP COLUMN source_file;"
                              " ALTER TABLE runs DROP COLUMN source_hash;"
                              " ALTER TABLE runs DROP COLUMN peak_flops;"
                              " ALTER TABLE runs DROP COLUMN peak_bytes_per_second;"
                              " ALTER TABLE results DROP COLUMN host;"
                              " ALTER TABLE result_rounds DROP COLUMN host;"
                              " DROP TABLE run_data_files; PRAGMA user_version = 4;"));
        Store store = openStore(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        const RunRecord run = *store.runs().read(1);
        QVERIFY(!run.imported());
        QVERIFY(run.sourceFile.empty());
    }
};

QTEST_GUILESS_MAIN(TestStoreImport)
#include "tst_storeimport.moc"
