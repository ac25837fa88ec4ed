#include "backend/cuda/kernelrecords.h"

#include <QTest>

using namespace tb;

class TestKernelRecords : public QObject
{
    Q_OBJECT

private slots:
    void durationsOfTheNamedKernelInLaunchOrder()
    {
        // Delivered out of order, mixed with another kernel (a reference run, say).
        const std::vector<KernelRecord> records{
            {"_Z5scaleILi128EEvPfi", 3000, 3500, 7},
            {"other", 1000, 9000, 5},
            {"_Z5scaleILi128EEvPfi", 1000, 1250, 6},
            {"_Z5scaleILi128EEvPfi", 5000, 6000, 8},
        };
        auto durations = kernelDurations(records, "_Z5scaleILi128EEvPfi", 3);
        QVERIFY(durations.hasValue());
        QCOMPARE(durations->size(), std::size_t(3));
        QCOMPARE((*durations)[0], 250e-9);
        QCOMPARE((*durations)[1], 500e-9);
        QCOMPARE((*durations)[2], 1000e-9);
    }

    void aMissingOrExtraLaunchIsAnError()
    {
        const std::vector<KernelRecord> records{{"k", 0, 10, 1}, {"k", 20, 30, 2}};
        auto fewer = kernelDurations(records, "k", 3);
        QVERIFY(!fewer);
        QVERIFY2(fewer.error().message.find("2 launches") != std::string::npos,
                 fewer.error().message.c_str());
        QVERIFY(!kernelDurations(records, "k", 1));
        QVERIFY(kernelDurations(records, "absent", 0).hasValue());
    }

    void recordsWithoutTimestampsAreRefused()
    {
        const std::vector<KernelRecord> unknown{{"k", 0, 0, 4}};
        QVERIFY(!kernelDurations(unknown, "k", 1));
        const std::vector<KernelRecord> backwards{{"k", 50, 40, 4}};
        QVERIFY(!kernelDurations(backwards, "k", 1));
    }
};

QTEST_GUILESS_MAIN(TestKernelRecords)
#include "tst_kernelrecords.moc"
