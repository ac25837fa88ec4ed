#include "runstatetesting.h"
#include "storage/store.h"
#include "storetesthelpers.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using namespace tb::testing;

class TestStore : public QObject
{
    Q_OBJECT

private:
    WorkspaceFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.valid()); }

    void createsAWalWorkspaceAtTheSchemaVersion()
    {
        const QString path = m_files.newPath();
        {
            Store store = openStore(path);
            QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
            QCOMPARE(store.path(), path.toStdString());
            QVERIFY(store.specs().save(makeSpec("gemm")).hasValue());
        }
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        // WAL is a property of the file: it stays after the connection closes.
        QCOMPARE(rawInt(path, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);

        Store reopened = openStore(path);
        QCOMPARE(reopened.schemaVersion(), Store::kSchemaVersion);
        auto spec = reopened.specs().read(1);
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->name, std::string("gemm"));
    }

    // Schema 9: which data files a run read, replaced as a whole, gone with the run.
    void recordsARunsDataFiles()
    {
        const QString path = m_files.newPath();
        GemmRun run = openGemmRun(path);
        auto none = run.store.runs().dataFiles(run.runId);
        QVERIFY(none && none->empty());
        const std::vector<RunDataFile> files{{"b", "/d/b.bin", "0000000000000002"},
                                             {"a", "/d/a_1.npy", "0000000000000001"}};
        QVERIFY(run.store.runs().setDataFiles(run.runId, files));
        auto read = run.store.runs().dataFiles(run.runId);
        QVERIFY(read);
        QCOMPARE(read->size(), std::size_t(2));
        QVERIFY((*read)[0] == files[1]); // by argument
        QVERIFY((*read)[1] == files[0]);
        QVERIFY(run.store.runs().setDataFiles(run.runId, {files[0]}));
        QCOMPARE(run.store.runs().dataFiles(run.runId)->size(), std::size_t(1));
        QVERIFY(rawExec(path, "PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = " +
                                  std::to_string(run.runId)));
        QCOMPARE(rawInt(path, "SELECT count(*) FROM run_data_files"), std::int64_t{0});
    }

    void saveSpecDeduplicatesByContentHash()
    {
        Store store = openStore(m_files.newPath());
        const Spec gemm = makeSpec("gemm");
        auto first = store.specs().save(gemm);
        auto again = store.specs().save(gemm);
        auto other = store.specs().save(makeSpec("gemm", ", \"x\": 1"));
        QVERIFY(first.hasValue() && again.hasValue() && other.hasValue());
        QCOMPARE(*again, *first);
        QVERIFY(*other != *first);

        auto stored = store.specs().read(*first);
        QVERIFY(stored.hasValue());
        QCOMPARE(stored->id, *first);
        QCOMPARE(stored->document, gemm.document);
        QCOMPARE(stored->baseDirectory, gemm.baseDirectory);
        QCOMPARE(stored->contentHash, Store::contentHash(gemm.document));
        QCOMPARE(store.specs().read(999).error().code, EngineError::Code::InvalidArgument);
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
        Store store = openStore(m_files.newPath());
        const std::int64_t gemm = *store.specs().save(makeSpec("gemm"));
        const std::int64_t axpy = *store.specs().save(makeSpec("axpy"));
        QVERIFY(!store.runs().latest(gemm)->has_value());

        RunRecord record;
        record.specId = gemm;
        record.strategy = "brute_force";
        record.host = "node7";
        record.toolVersion = "0.1.0";
        record.device = "cpu";
        record.holder = currentRunHolder();
        const std::int64_t run1 = *store.runs().create(record);
        record.specId = axpy;
        const std::int64_t run2 = *store.runs().create(record);
        record.specId = gemm;
        record.strategy = "random";
        const std::int64_t run3 = *store.runs().create(record);

        const Spec spec = makeSpec("gemm");
        for (int i = 0; i < 3; ++i) {
            const auto config = makeConfig(32.0 * (i + 1), 16);
            QVERIFY(store.results().save(run1, gemm, config.key(spec.parameters), config, 0,
                                         makeResult(1e-3)));
        }
        const auto config = makeConfig(64, 32);
        QVERIFY(store.results().save(run3, gemm, config.key(spec.parameters), config, 1,
                                     makeResult(2e-3)));

        auto runs = store.runs().all();
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

        auto latest = store.runs().latest(gemm);
        QVERIFY(latest.hasValue() && latest->has_value());
        QCOMPARE((*latest)->id, run3);
        QCOMPARE((*latest)->specName, std::string("gemm"));

        auto run = store.runs().read(run1);
        QVERIFY(run.hasValue());
        QCOMPARE(run->state, tb::RunState::Running);
        QVERIFY(run->holder == currentRunHolder());
        QCOMPARE(run->host, std::string("node7"));
        QCOMPARE(run->toolVersion, std::string("0.1.0"));
        QCOMPARE(run->device, std::string("cpu"));
        QVERIFY(isIsoUtc(run->startedAt));
        QVERIFY(run->finishedAt.empty());
        QCOMPARE(store.runs().read(12345).error().code, EngineError::Code::InvalidArgument);
    }

    void setRunStateStampsAndClearsTheFinishTime()
    {
        Store store = openStore(m_files.newPath());
        RunRecord record;
        record.specId = *store.specs().save(makeSpec("gemm"));
        const std::int64_t runId = *store.runs().create(record);

        QVERIFY(store.runs().setState(runId, RunState::Stopped));
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Stopped);
        QVERIFY(isIsoUtc(store.runs().read(runId)->finishedAt));
        QVERIFY(store.runs().setState(runId, RunState::Running)); // resumed
        QVERIFY(store.runs().read(runId)->finishedAt.empty());
        QVERIFY(store.runs().setState(runId, RunState::Finished));
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Finished);

        QCOMPARE(store.runs().setState(runId, RunState::Interrupted).error().code,
                 EngineError::Code::InvalidArgument);
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Finished);
        QCOMPARE(store.runs().setState(runId, RunState::Unknown).error().code,
                 EngineError::Code::InvalidArgument);
        QVERIFY(!store.runs().setState(999, RunState::Failed));
    }

    // A state text this version does not know (a newer Tunebench's, a hand edit) reads as
    // Unknown: the run stays listed instead of failing the whole list.
    void aStateTextNoStateNamesReadsAsUnknown()
    {
        const QString path = m_files.newPath();
        std::int64_t runId = 0;
        {
            Store store = openStore(path);
            RunRecord record;
            record.specId = *store.specs().save(makeSpec("gemm"));
            runId = *store.runs().create(record);
            QVERIFY(store.runs().setState(runId, RunState::Finished));
        }
        QVERIFY(rawExec(path, "UPDATE runs SET state = 'paused_by_v9'"));
        Store store = openStore(path);
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Unknown);
        QCOMPARE(store.runs().all()->size(), std::size_t(1));
    }

    // One writer per run: a live holder keeps its run; one that is gone is taken over, and its
    // run reads "interrupted" until then.
    void claimRunRefusesALiveHolderAndTakesOverAGoneOne()
    {
        Store store = openStore(m_files.newPath());
        RunRecord record;
        record.specId = *store.specs().save(makeSpec("gemm"));
        QProcess other;
        other.start("sleep", {"60"});
        QVERIFY(other.waitForStarted());
        const RunHolder otherHolder = runHolderOf(other.processId());
        QVERIFY(!otherHolder.started.empty());
        record.holder = otherHolder;
        const std::int64_t runId = *store.runs().create(record);
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Running);

        const RunHolder me = currentRunHolder();
        auto refused = store.runs().claim(runId, me);
        QVERIFY(refused.hasValue());
        QVERIFY(refused->has_value() && **refused == otherHolder);
        QVERIFY(store.runs().read(runId)->holder == otherHolder);

        other.kill();
        QVERIFY(other.waitForFinished());
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Interrupted);
        auto taken = store.runs().claim(runId, me);
        QVERIFY(taken.hasValue() && !taken->has_value());
        QVERIFY(store.runs().read(runId)->holder == me);
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Running);
        QVERIFY(store.runs().claim(runId, me)->has_value() == false); // its own claim again

        QVERIFY(store.runs().release(runId, otherHolder)); // not the holder: nothing changes
        QVERIFY(store.runs().read(runId)->holder == me);
        QVERIFY(store.runs().release(runId, me));
        QVERIFY(!store.runs().read(runId)->holder.has_value());
        QVERIFY(store.runs().setState(runId, RunState::Finished));
        QCOMPARE(store.runs().read(runId)->state, tb::RunState::Finished);
        QCOMPARE(store.runs().claim(999, me).error().code, EngineError::Code::InvalidArgument);
    }

    // A pid alone is no proof: once its process is gone the number may be another's.
    void holderIsAliveOnlyAsTheSameProcess()
    {
        const RunHolder me = currentRunHolder();
        QVERIFY(isAlive(me));
        RunHolder reused = me;
        reused.started += "0";
        QVERIFY(!isAlive(reused));
        RunHolder elsewhere = me;
        elsewhere.host += ".elsewhere";
        elsewhere.pid = 1 << 30;
        QVERIFY(isAlive(elsewhere)); // another host cannot be asked: assumed alive
        RunHolder gone = me;
        gone.pid = 1 << 30; // above any pid_max
        QVERIFY(!isAlive(gone));
    }

    void integrityCheckSaysOk()
    {
        Store store = openStore(m_files.newPath());
        auto check = store.integrityCheck();
        QVERIFY(check.hasValue());
        QCOMPARE(*check, std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
