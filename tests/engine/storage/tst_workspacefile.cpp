// How Store::open treats the file itself: migration, refusals that leave the file untouched,
// and durability of committed results when the process is killed.
#include "storage/store.h"
#include "storetesthelpers.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tb;
using namespace tb::testing;

class TestWorkspaceFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString newPath() { return m_dir.filePath(QString("ws%1.tbw").arg(++m_files)); }

    static bool writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
    }

    static bool hasTable(const QString &path, const char *name)
    {
        return rawInt(path, std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                                        " AND name = '") +
                                name + "'") == 1;
    }

    // Opens, expects a refusal whose message contains `expected`, and checks the bytes.
    static void expectRefusedUntouched(const QString &path, const std::string &expected)
    {
        const QByteArray before = fileBytes(path);
        QVERIFY(!before.isEmpty());
        auto store = Store::open(path.toStdString());
        QVERIFY(!store.hasValue());
        QCOMPARE(store.error().code, EngineError::Code::StoreError);
        const std::string text = store.error().toString();
        QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        QVERIFY2(text.find(path.toStdString()) != std::string::npos, text.c_str());
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!QFile::exists(path + "-wal"));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void migratesAnEmptyFileToTheCurrentSchema()
    {
        const QString path = newPath();
        QVERIFY(writeFile(path, {}));
        auto store = Store::open(path.toStdString());
        QVERIFY2(store.hasValue(), store ? "" : store.error().toString().c_str());
        QCOMPARE(store->schemaVersion(), Store::kSchemaVersion);
        QVERIFY(hasTable(path, "results"));
    }

    void migratesAnUnversionedDatabaseWithoutTables()
    {
        const QString path = newPath();
        // A real SQLite file (header and pages) at user_version 0 with no tables left.
        QVERIFY(rawExec(path, "CREATE TABLE scratch (x); DROP TABLE scratch;"));
        QCOMPARE(rawInt(path, "PRAGMA user_version"), 0);
        QVERIFY(fileBytes(path).startsWith("SQLite format 3"));

        auto store = Store::open(path.toStdString());
        QVERIFY2(store.hasValue(), store ? "" : store.error().toString().c_str());
        QCOMPARE(store->schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        for (const char *table : {"specs", "runs", "configurations", "results", "samples",
                                  "result_rounds", "round_samples"})
            QVERIFY2(hasTable(path, table), table);
        QCOMPARE(*store->integrityCheck(), std::string("ok"));
    }

    void refusesAWorkspaceOfANewerSchema()
    {
        const QString path = newPath();
        const std::string future = std::to_string(Store::kSchemaVersion + 1);
        QVERIFY(rawExec(path, "CREATE TABLE future (x); PRAGMA user_version = " + future + ";"));
        expectRefusedUntouched(path, "workspace was written by a newer Tunebench (schema " +
                                         future + ", this build knows " +
                                         std::to_string(Store::kSchemaVersion) + ")");

        // The same for a file in WAL mode, as our own workspaces are.
        const QString wal = newPath();
        QVERIFY(rawExec(wal, "PRAGMA journal_mode = WAL; CREATE TABLE future (x);"
                             " PRAGMA user_version = " +
                                 std::to_string(Store::kSchemaVersion + 1) + ";"));
        expectRefusedUntouched(wal, "(schema " + std::to_string(Store::kSchemaVersion + 1) +
                                        ", this build knows " +
                                        std::to_string(Store::kSchemaVersion) + ")");
    }

    void refusesAFileThatIsNotADatabase()
    {
        const QString path = newPath();
        QVERIFY(writeFile(path, QByteArray("results,of,something\n1,2,3\n").repeated(40)));
        expectRefusedUntouched(path, "not an SQLite database");

        const QString tiny = newPath();
        QVERIFY(writeFile(tiny, "SQLite"));
        expectRefusedUntouched(tiny, "not an SQLite database");
    }

    void refusesAForeignSqliteDatabase()
    {
        const QString path = newPath();
        QVERIFY(rawExec(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES"
                              " ('Ada');"));
        expectRefusedUntouched(path, "not a Tunebench workspace");
    }

    // Reading never writes: an empty file stayed a workspace after `runs` (issue 34, item 8).
    void readingAnEmptyFileRefusesItUntouched()
    {
        const QString path = newPath();
        QVERIFY(writeFile(path, {}));
        auto store = Store::openToRead(path.toStdString());
        QVERIFY(!store.hasValue());
        QCOMPARE(store.error().code, EngineError::Code::StoreError);
        const std::string text = store.error().toString();
        QVERIFY2(text.find("is not a Tunebench workspace (it is empty)") != std::string::npos,
                 text.c_str());
        QCOMPARE(QFileInfo(path).size(), qint64(0));
        QVERIFY(!QFile::exists(path + "-wal"));
        QVERIFY(!QFile::exists(path + "-journal"));
    }

    // A FIFO as the workspace blocked the header check's open; a device is no database.
    void refusesAFifoOrADeviceUnread()
    {
        const std::string fifo = m_dir.filePath("pipe.tbw").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const std::string &path : {fifo, std::string("/dev/zero")}) {
            for (bool toRead : {false, true}) {
                auto store = toRead ? Store::openToRead(path) : Store::open(path);
                QVERIFY(!store.hasValue());
                QCOMPARE(store.error().code, EngineError::Code::StoreError);
                const std::string text = store.error().toString();
                QVERIFY2(text.find("'" + path + "'") != std::string::npos, text.c_str());
                QVERIFY2(text.find("not a regular file") != std::string::npos, text.c_str());
            }
        }
    }

    void reportsAPathThatCannotBeCreated()
    {
        const std::string path = m_dir.filePath("missing/dir/ws.tbw").toStdString();
        auto store = Store::open(path);
        QVERIFY(!store.hasValue());
        QCOMPARE(store.error().code, EngineError::Code::StoreError);
        QVERIFY(store.error().message.find(path) != std::string::npos);
    }

    void committedResultsSurviveAKilledProcess()
    {
        const QString path = newPath();
        constexpr int kResults = 25;
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            // The child writes and dies by SIGKILL: no destructor, no close, no checkpoint.
            auto store = Store::open(path.toStdString());
            if (!store)
                _exit(2);
            const Spec spec = makeSpec("gemm");
            RunRecord record;
            record.specId = *store->specs().save(spec);
            const std::int64_t runId = *store->runs().create(record);
            for (int i = 0; i < kResults; ++i) {
                const auto config = makeConfig(i, 16);
                if (!store->results().save(runId, record.specId, config.key(spec.parameters),
                                           config, 0, makeResult(1e-3 * (i + 1))))
                    _exit(3);
            }
            kill(getpid(), SIGKILL);
            _exit(4);
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                 qPrintable(QString("child status %1").arg(status)));
        QVERIFY(QFile::exists(path + "-wal")); // the commits still live only in the WAL

        auto store = Store::open(path.toStdString());
        QVERIFY2(store.hasValue(), store ? "" : store.error().toString().c_str());
        auto runs = store->runs().all();
        QVERIFY(runs.hasValue());
        QCOMPARE(runs->size(), std::size_t{1});
        QCOMPARE(runs->front().resultCount, std::int64_t{kResults});
        auto results = store->results().ofRun(runs->front().id, true);
        QVERIFY(results.hasValue());
        QCOMPARE(results->size(), std::size_t{kResults});
        for (int i = 0; i < kResults; ++i) {
            QCOMPARE((*results)[i].configKey, makeConfig(i, 16).key(makeSpec("gemm").parameters));
            QCOMPARE((*results)[i].result.samples, makeResult(1e-3 * (i + 1)).samples);
        }
        QCOMPARE(*store->integrityCheck(), std::string("ok"));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceFile)
#include "tst_workspacefile.moc"
