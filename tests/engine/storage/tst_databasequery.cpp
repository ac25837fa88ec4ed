// Database's query helpers: values bound in order (NULL, integers, doubles, an absent optional,
// text), the first row or none, and errors that name the operation.
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;

class TestDatabaseQuery : public QObject
{
    Q_OBJECT

private slots:
    void bindsValuesInOrderAndReadsTheFirstRow()
    {
        QTemporaryDir dir;
        auto db = Database::open(dir.filePath("q.db").toStdString());
        QVERIFY(db);
        QVERIFY(db->exec("CREATE TABLE t (i INTEGER, d REAL, o REAL, s TEXT, n INTEGER)",
                         "create the table"));
        const std::string text = "a text";
        QVERIFY(db->run("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", "insert a row",
                        {std::int64_t(7), 2.5, std::optional<double>(), text, nullptr}));
        QCOMPARE(db->changes(), std::int64_t(1));
        QVERIFY(db->run("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)", "insert a row",
                        {8, std::optional<double>(1.5), 3.0, "b", 1}));

        auto first = db->firstRow("SELECT i, d, o, s, n FROM t WHERE i = ?1", "read", {7});
        QVERIFY(first && *first);
        const Statement &row = **first;
        QCOMPARE(row.intAt(0), std::int64_t(7));
        QCOMPARE(row.doubleAt(1), 2.5);
        QVERIFY(row.isNull(2));
        QCOMPARE(row.textAt(3), text);
        QVERIFY(row.isNull(4));

        auto none = db->firstRow("SELECT i FROM t WHERE i = ?1", "read", {99});
        QVERIFY(none && !*none);

        auto all = db->query("SELECT i FROM t WHERE o IS NOT NULL AND s = ?1", "list", {"b"});
        QVERIFY(all);
        auto rows = collectRows<std::int64_t>(
            *all, [](const Statement &r) -> Expected<std::int64_t> { return r.intAt(0); });
        QVERIFY(rows);
        QCOMPARE(*rows, std::vector<std::int64_t>{8});
    }

    void saysWhichOperationFailed()
    {
        QTemporaryDir dir;
        auto db = Database::open(dir.filePath("q.db").toStdString());
        QVERIFY(db);
        const Status status = db->run("INSERT INTO missing VALUES (?1)", "save the thing", {1});
        QVERIFY(!status);
        QCOMPARE(status.error().code, EngineError::Code::StoreError);
        QCOMPARE(status.error().message, std::string("cannot save the thing"));
        QVERIFY(status.error().detail.find("missing") != std::string::npos);
        const auto row = db->firstRow("SELECT nothing FROM missing", "read the thing");
        QVERIFY(!row);
        QCOMPARE(row.error().message, std::string("cannot read the thing"));
    }
};

QTEST_GUILESS_MAIN(TestDatabaseQuery)
#include "tst_databasequery.moc"
