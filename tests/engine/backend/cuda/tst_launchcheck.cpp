#include "backend/cuda/launchcheck.h"

#include <QTest>

using namespace tb;

namespace {

DeviceLimits h100()
{
    auto limits = knownDeviceLimits("sm_90");
    Q_ASSERT(limits.hasValue());
    return *limits;
}

LaunchShape shape(std::uint64_t threads, std::uint64_t dynamicShared = 0)
{
    LaunchShape launch;
    launch.grid = {1024, 1, 1};
    launch.block = {threads, 1, 1};
    launch.dynamicSharedBytes = dynamicShared;
    return launch;
}

CudaFunctionAttributes attributes(int registers, int staticShared = 0, int maxThreads = 1024)
{
    CudaFunctionAttributes function;
    function.registers = registers;
    function.staticSharedBytes = staticShared;
    function.maxThreadsPerBlock = maxThreads;
    return function;
}

} // namespace

class TestLaunchCheck : public QObject
{
    Q_OBJECT

private slots:
    void aFittingLaunchHasNoProblemAndAnOccupancy()
    {
        const LaunchCheck check = checkLaunch(h100(), {}, attributes(32), shape(256));
        QVERIFY2(check.problem.empty(), check.problem.c_str());
        QVERIFY(check.occupancy.launchable);
        QCOMPARE(check.occupancy.occupancy, 1.0); // 8 blocks x 8 warps = 64 warps
    }

    void tooManyThreadsPerBlock()
    {
        const LaunchCheck check = checkLaunch(h100(), {}, attributes(16), shape(2048));
        QVERIFY2(check.problem.find("2048 threads per block") != std::string::npos,
                 check.problem.c_str());
    }

    void theLoadedCodesFiguresWinOverThePtxasReport()
    {
        ResourceUsage reported;
        reported.registers = 32;
        reported.spillStoreBytes = 8;
        const LaunchCheck check = checkLaunch(h100(), reported, attributes(128, 4096), shape(512));
        QCOMPARE(check.usage.registers, 128);
        QCOMPARE(check.usage.staticSharedBytes, 4096);
        QCOMPARE(check.usage.spillStoreBytes, 8); // only ptxas knows spills
        // 512 threads x 128 registers = 65536: one block per SM.
        QCOMPARE(check.occupancy.blocksPerSm, 1);
    }

    void theKernelsOwnThreadLimitCounts()
    {
        // __launch_bounds__(256) or many registers: the driver would refuse 512 threads.
        const LaunchCheck check = checkLaunch(h100(), {}, attributes(64, 0, 256), shape(512));
        QVERIFY2(check.problem.find("kernel's limit of 256") != std::string::npos,
                 check.problem.c_str());
    }

    void dynamicSharedMemoryUpToTheOptInLimit()
    {
        const DeviceLimits limits = h100();
        QVERIFY(checkLaunch(limits, {}, attributes(32), shape(256, 100 * 1024)).problem.empty());
        const LaunchCheck tooMuch =
            checkLaunch(limits, {}, attributes(32, 1024),
                        shape(256, std::uint64_t(limits.maxSharedPerBlockOptin)));
        QVERIFY2(tooMuch.problem.find("shared memory") != std::string::npos,
                 tooMuch.problem.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLaunchCheck)
#include "tst_launchcheck.moc"
