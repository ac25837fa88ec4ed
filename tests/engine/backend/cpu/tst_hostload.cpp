// HostLoad: other processes' CPUs from /proc/stat, which counts clock ticks, so a window
// shorter than ten of them gives no figure rather than a tick's worth of noise.
#include "backend/cpu/hostload.h"

#include <QTest>

#include <chrono>
#include <thread>

using namespace tb;

class TestHostLoad : public QObject
{
    Q_OBJECT

private slots:
    void aShortWindowHasNoFigureALongOneHasOne()
    {
        const auto start = HostLoad::read();
        QVERIFY(start);
        const auto soon = HostLoad::read();
        QVERIFY(soon);
        QCOMPARE(soon->otherCpusBusySince(*start), std::nullopt);
        std::this_thread::sleep_for(
            std::chrono::duration<double>(HostLoad::kShortestWindowSeconds + 0.05));
        const auto later = HostLoad::read();
        QVERIFY(later);
        const auto busy = later->otherCpusBusySince(*start);
        QVERIFY(busy);
        QVERIFY(*busy >= 0);
        QVERIFY2(*busy <= 2.0 * std::thread::hardware_concurrency(),
                 qPrintable(QString::number(*busy)));
    }
};

QTEST_GUILESS_MAIN(TestHostLoad)
#include "tst_hostload.moc"
