// The measuring GPU's peaks stored with a run (schema 6): written, read back, absent where
// unknown, and added to an older workspace by its migration.
#include "storetesthelpers.h"

#include <QObject>
#include <QTest>

using namespace tb;
using namespace tb::testing;

class TestStorePeaks : public QObject
{
    Q_OBJECT
    WorkspaceFiles m_files;

private slots:
    void roundTripsTheDevicePeaks()
    {
        Store store = openStore(m_files.newPath());
        RunRecord run;
        run.specId = *store.specs().save(makeSpec("gemm"));
        run.device = "NVIDIA H100 80GB HBM3";
        run.devicePeaks = devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
        const std::int64_t id = *store.runs().create(run);
        const RunRecord read = *store.runs().read(id);
        QVERIFY(read.devicePeaks.flopsPerSecond.has_value());
        QCOMPARE(*read.devicePeaks.flopsPerSecond, *run.devicePeaks.flopsPerSecond);
        QCOMPARE(*read.devicePeaks.bytesPerSecond, *run.devicePeaks.bytesPerSecond);
        QCOMPARE(read.devicePeaks.flopsSource, std::string(kPeakFromDevice));
        QCOMPARE(read.devicePeaks.bytesSource, std::string(kPeakFromDevice));
        QCOMPARE(store.runs().all()->front().devicePeaks.bytesPerSecond,
                 run.devicePeaks.bytesPerSecond);
    }

    // A CPU run, or a GPU whose driver gave no memory clock: what is unknown reads back absent,
    // not as 0 (a 0 peak would make every result infinitely far above it).
    void keepsAnUnknownPeakAbsent()
    {
        Store store = openStore(m_files.newPath());
        RunRecord run;
        run.specId = *store.specs().save(makeSpec("gemm"));
        run.devicePeaks.flopsPerSecond = 1e12;
        run.devicePeaks.flopsSource = kPeakFromDevice;
        const RunRecord read = *store.runs().read(*store.runs().create(run));
        QCOMPARE(read.devicePeaks.flopsPerSecond, std::optional<double>(1e12));
        QVERIFY(!read.devicePeaks.bytesPerSecond.has_value());
        QVERIFY(read.devicePeaks.bytesSource.empty());
        RunRecord cpu;
        cpu.specId = run.specId;
        QVERIFY(store.runs().read(*store.runs().create(cpu))->devicePeaks.empty());
    }

    // A schema-5 workspace gains the columns; its runs have no peaks, new runs store theirs.
    void migratesASchemaFiveWorkspace()
    {
        const QString path = m_files.newPath();
        {
            Store store = openStore(path);
            RunRecord run;
            run.specId = *store.specs().save(makeSpec("gemm"));
            QVERIFY(store.runs().create(run).hasValue());
        }
        QVERIFY(rawExec(path, "ALTER TABLE runs DROP COLUMN peak_flops;"
                              " ALTER TABLE runs DROP COLUMN peak_bytes_per_second;"
                              " ALTER TABLE results DROP COLUMN host;"
                              " ALTER TABLE result_rounds DROP COLUMN host;"
                              " DROP TABLE run_data_files; PRAGMA user_version = 5;"));
        Store store = openStore(path);
        QCOMPARE(store.schemaVersion(), Store::kSchemaVersion);
        QCOMPARE(rawInt(path, "PRAGMA user_version"), std::int64_t{Store::kSchemaVersion});
        QVERIFY(store.runs().read(1)->devicePeaks.empty());
        RunRecord run;
        run.specId = 1;
        run.devicePeaks.bytesPerSecond = 3.35e12;
        run.devicePeaks.bytesSource = kPeakFromDevice;
        QCOMPARE(store.runs().read(*store.runs().create(run))->devicePeaks.bytesPerSecond,
                 std::optional<double>(3.35e12));
    }
};

QTEST_GUILESS_MAIN(TestStorePeaks)
#include "tst_storepeaks.moc"
