#include "backend/cuda/kernelrecords.h"

#include <QTest>

using namespace tb;

namespace {

LaunchShape shape(std::uint64_t grid, std::uint64_t block, std::uint64_t shared = 0)
{
    LaunchShape made;
    made.grid = {grid, 1, 1};
    made.block = {block, 1, 1};
    made.dynamicSharedBytes = shared;
    return made;
}

KernelRecord record(std::string name, std::uint64_t start, std::uint64_t end, LaunchShape geometry)
{
    return {std::move(name), start, end, static_cast<std::uint32_t>(start), geometry};
}

const TimedLaunch kScale{shape(64, 128), "_Z5scaleILi128EEvPfi"};

} // namespace

class TestKernelRecords : public QObject
{
    Q_OBJECT

private slots:
    void durationsOfTheLaunchInLaunchOrder()
    {
        // Delivered out of order, mixed with Tunebench's flush kernel of the same geometry and
        // another kernel (a reference run, say) of another geometry.
        const std::vector<KernelRecord> records{
            record("_Z5scaleILi128EEvPfi", 3000, 3500, shape(64, 128)),
            record("other", 1000, 9000, shape(32, 128)),
            record("tb_l2_flush", 800, 900, shape(64, 128)),
            record("_Z5scaleILi128EEvPfi", 1000, 1250, shape(64, 128)),
            record("tb_context_switch", 700, 710, shape(64, 128)),
            record("_Z5scaleILi128EEvPfi", 5000, 6000, shape(64, 128)),
        };
        auto durations = kernelDurations(records, kScale, 3);
        QVERIFY2(durations.hasValue(), durations ? "" : durations.error().message.c_str());
        QCOMPARE(durations->size(), std::size_t(3));
        QCOMPARE((*durations)[0], 250e-9);
        QCOMPARE((*durations)[1], 500e-9);
        QCOMPARE((*durations)[2], 1000e-9);
    }

    // Issue 34: after a module is unloaded CUPTI may name the next module's kernel after the
    // old one (every template instantiation after the reference carried the reference's
    // mangled name on an H200): the launches are still the measured kernel's.
    void aKernelCuptiNamesAfterAnotherModuleIsStillTimed()
    {
        const std::vector<KernelRecord> records{
            record("_Z5scaleILi64EEvPfi", 100, 300, shape(64, 128)),
            record("tb_l2_flush", 300, 400, shape(1056, 256)),
            record("_Z5scaleILi64EEvPfi", 500, 900, shape(64, 128)),
        };
        auto durations = kernelDurations(records, kScale, 2);
        QVERIFY2(durations.hasValue(), durations ? "" : durations.error().message.c_str());
        QCOMPARE((*durations)[0], 200e-9);
        QCOMPARE((*durations)[1], 400e-9);
    }

    void launchesOfAnotherGeometryAreNotCounted()
    {
        const std::vector<KernelRecord> records{record("k", 0, 10, shape(64, 128)),
                                                record("k", 20, 30, shape(64, 128, 4096))};
        auto durations = kernelDurations(records, kScale, 2);
        QVERIFY(!durations);
        // The message names what CUPTI did report.
        QVERIFY2(durations.error().message.find("4096 B dynamic shared") != std::string::npos,
                 durations.error().message.c_str());
    }

    void aMissingOrExtraLaunchIsAnError()
    {
        const std::vector<KernelRecord> records{record("k", 0, 10, shape(64, 128)),
                                                record("k", 20, 30, shape(64, 128))};
        auto fewer = kernelDurations(records, kScale, 3);
        QVERIFY(!fewer);
        QVERIFY2(fewer.error().message.find("2 launches") != std::string::npos,
                 fewer.error().message.c_str());
        QVERIFY(!kernelDurations(records, kScale, 1));
        QVERIFY(kernelDurations(records, {shape(1, 1), "absent"}, 0).hasValue());
    }

    void recordsWithoutTimestampsAreRefused()
    {
        const std::vector<KernelRecord> unknown{record("k", 0, 0, shape(64, 128))};
        QVERIFY(!kernelDurations(unknown, kScale, 1));
        const std::vector<KernelRecord> backwards{record("k", 50, 40, shape(64, 128))};
        QVERIFY(!kernelDurations(backwards, kScale, 1));
    }
};

QTEST_GUILESS_MAIN(TestKernelRecords)
#include "tst_kernelrecords.moc"
