// The automatic compile-worker count (issue 23): eight per bench worker, at least 16, never
// more than the hardware threads; a count the user asked for wins.
#include "pipeline/compileworkers.h"

#include <QTest>

#include <thread>

using namespace tb;

class TestCompileWorkers : public QObject
{
    Q_OBJECT

private slots:
    void eightPerGpuAtLeastSixteenAtMostOnePerThread_data()
    {
        QTest::addColumn<int>("benchWorkers");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("expected");
        QTest::newRow("1 GPU, 16 threads") << 1 << 16 << 16;
        QTest::newRow("1 GPU, 64 threads") << 1 << 64 << 16;
        QTest::newRow("2 GPUs, 64 threads") << 2 << 64 << 16;
        QTest::newRow("4 GPUs, 64 threads") << 4 << 64 << 32;
        QTest::newRow("8 GPUs, 128 threads") << 8 << 128 << 64;
        QTest::newRow("4 GPUs, 2 threads") << 4 << 2 << 2;
        QTest::newRow("no bench worker counts as one") << 0 << 64 << 16;
        QTest::newRow("unknown thread count") << 1 << 0 << 1;
    }

    void eightPerGpuAtLeastSixteenAtMostOnePerThread()
    {
        QFETCH(int, benchWorkers);
        QFETCH(int, threads);
        QFETCH(int, expected);
        QCOMPARE(defaultCompileWorkers(std::size_t(benchWorkers), unsigned(threads)), expected);
    }

    void anAskedCountWins()
    {
        QCOMPARE(resolveCompileWorkers(3, 4), 3);
        QCOMPARE(resolveCompileWorkers(0, 4),
                 defaultCompileWorkers(4, std::thread::hardware_concurrency()));
    }
};

QTEST_GUILESS_MAIN(TestCompileWorkers)
#include "tst_compileworkers.moc"
