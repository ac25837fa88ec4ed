#include "backend/cuda/compile/occupancy.h"

#include <QTest>

// NVIDIA's own occupancy calculator, header-only (it links nothing): the reference below.
#include <cuda_occupancy.h>

using namespace tb;

namespace {

DeviceLimits h100()
{
    auto limits = knownDeviceLimits("sm_90");
    return limits ? *limits : DeviceLimits{};
}

// Blocks per SM by cuda_occupancy.h for the same limits and kernel (default carveout, shared
// memory opted in up to the maximum), or -1 when it rejects the input.
int referenceBlocksPerSm(const DeviceLimits &limits, int threads, int registers, int shared,
                         int barriers)
{
    cudaOccDeviceProp device;
    device.computeMajor = limits.computeMajor;
    device.computeMinor = limits.computeMinor;
    device.maxThreadsPerBlock = limits.maxThreadsPerBlock;
    device.maxThreadsPerMultiprocessor = limits.maxThreadsPerSm;
    device.regsPerBlock = limits.maxRegistersPerBlock;
    device.regsPerMultiprocessor = limits.maxRegistersPerSm;
    device.warpSize = limits.warpSize;
    device.sharedMemPerBlock = static_cast<std::size_t>(limits.maxSharedPerBlock);
    device.sharedMemPerMultiprocessor = static_cast<std::size_t>(limits.maxSharedPerSm);
    device.numSms = limits.smCount;
    device.sharedMemPerBlockOptin = static_cast<std::size_t>(limits.maxSharedPerBlockOptin);
    device.reservedSharedMemPerBlock = static_cast<std::size_t>(limits.reservedSharedPerBlock);
    cudaOccFuncAttributes kernel;
    kernel.maxThreadsPerBlock = limits.maxThreadsPerBlock;
    kernel.numRegs = registers;
    kernel.sharedSizeBytes = static_cast<std::size_t>(shared);
    kernel.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    kernel.maxDynamicSharedSizeBytes = static_cast<std::size_t>(limits.maxSharedPerBlockOptin);
    kernel.numBlockBarriers = barriers;
    cudaOccDeviceState state;
    cudaOccResult result;
    if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &device, &kernel, &state, threads, 0) !=
        CUDA_OCC_SUCCESS)
        return -1;
    return result.activeBlocksPerMultiprocessor;
}

} // namespace

// The expected numbers are worked out by hand from the H100's limits (2048 threads = 64 warps,
// 32 blocks, 65536 registers in 4 sub-partitions of 16384, 228 KiB shared memory per SM, 1 KiB
// reserved per block), following cuda_occupancy.h.
class TestOccupancy : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithTheCudaOccupancyCalculator()
    {
        int compared = 0;
        for (const auto &arch : knownDeviceArchitectures()) {
            const DeviceLimits limits = *knownDeviceLimits(arch);
            for (int threads : {1, 32, 96, 128, 160, 256, 288, 384, 640, 768, 1024})
                for (int registers : {0, 16, 32, 33, 40, 64, 72, 80, 128, 168, 200, 255})
                    for (int shared : {0, 100, 4096, 32768, 49152, 100000, 166912, 232448})
                        for (int barriers : {0, 1, 8}) {
                            const int expected =
                                referenceBlocksPerSm(limits, threads, registers, shared, barriers);
                            const Occupancy occupancy = theoreticalOccupancy(
                                limits, static_cast<std::uint64_t>(threads), registers,
                                static_cast<std::uint64_t>(shared), barriers);
                            const std::string where =
                                arch + ": " + std::to_string(threads) + " threads, " +
                                std::to_string(registers) + " registers, " +
                                std::to_string(shared) + " bytes, " + std::to_string(barriers) +
                                " barriers: " + std::to_string(expected) + " vs " +
                                std::to_string(occupancy.blocksPerSm);
                            QVERIFY2(expected == occupancy.blocksPerSm, where.c_str());
                            QCOMPARE(occupancy.launchable, expected > 0);
                            ++compared;
                        }
        }
        QVERIFY(compared > 10000);
    }

    void knowsTheH100()
    {
        auto limits = knownDeviceLimits("sm_90");
        QVERIFY(limits.hasValue());
        QCOMPARE(limits->smCount, 132);
        QCOMPARE(limits->maxThreadsPerSm, 2048);
        QCOMPARE(limits->maxBlocksPerSm, 32);
        QCOMPARE(limits->maxRegistersPerSm, 65536);
        QCOMPARE(limits->maxSharedPerSm, 228 * 1024);
        QCOMPARE(limits->maxSharedPerBlockOptin, 227 * 1024);
        QCOMPARE(limits->reservedSharedPerBlock, 1024);
        QCOMPARE(limits->l2CacheBytes, std::uint64_t{50} * 1024 * 1024);
        QCOMPARE(knownDeviceLimits("sm_90a")->smCount, 132);
        for (const char *arch : {"sm_80", "sm_86", "sm_89", "sm_100", "sm_120"})
            QVERIFY2(knownDeviceLimits(arch).hasValue(), arch);
    }

    void rejectsAnUnknownArchitecture()
    {
        auto limits = knownDeviceLimits("sm_61");
        QVERIFY(!limits.hasValue());
        QVERIFY(limits.error().message.find("sm_61") != std::string::npos);
        QVERIFY(limits.error().detail.find("sm_90") != std::string::npos);
    }

    void fullOccupancyIsLimitedByThreads()
    {
        // 8 warps per block: 64 / 8 = 8 blocks; registers 32 x 32 = 1024 per warp, 16 warps per
        // sub-partition = 64 warps = 8 blocks too; the tie goes to threads.
        const Occupancy result = theoreticalOccupancy(h100(), 256, 32, 0);
        QVERIFY(result.launchable);
        QCOMPARE(result.blocksPerSm, 8);
        QCOMPARE(result.warpsPerSm, 64);
        QCOMPARE(result.occupancy, 1.0);
        QCOMPARE(result.limitedBy, std::string("threads"));
    }

    void registersLimit()
    {
        // 128 x 32 = 4096 registers per warp: 16384 / 4096 = 4 warps per sub-partition, 16 per
        // SM, 2 blocks of 8 warps.
        const Occupancy result = theoreticalOccupancy(h100(), 256, 128, 0);
        QCOMPARE(result.blocksPerSm, 2);
        QCOMPARE(result.warpsPerSm, 16);
        QCOMPARE(result.occupancy, 0.25);
        QCOMPARE(result.limitedBy, std::string("registers"));
    }

    void roundsRegistersPerWarpToTheAllocationUnit()
    {
        // 33 x 32 = 1056 -> 1280 per warp: 16384 / 1280 = 12 warps per sub-partition, 48 per SM,
        // 12 blocks of 4 warps (unrounded it would be 15 per sub-partition: 15 blocks).
        const Occupancy result = theoreticalOccupancy(h100(), 128, 33, 0);
        QCOMPARE(result.blocksPerSm, 12);
        QCOMPARE(result.warpsPerSm, 48);
        QCOMPARE(result.occupancy, 0.75);
        QCOMPARE(result.limitedBy, std::string("registers"));
    }

    void sharedMemoryLimit()
    {
        // 48 KiB + 1 KiB reserved = 50176 bytes per block: 233472 / 50176 = 4 blocks.
        const Occupancy result = theoreticalOccupancy(h100(), 256, 32, 48 * 1024);
        QCOMPARE(result.blocksPerSm, 4);
        QCOMPARE(result.warpsPerSm, 32);
        QCOMPARE(result.occupancy, 0.5);
        QCOMPARE(result.limitedBy, std::string("shared_memory"));

        // 100 bytes round up with the reserved KiB to 1152: 202 blocks, far above 32.
        QCOMPARE(theoreticalOccupancy(h100(), 32, 16, 100).limitedBy, std::string("blocks"));
    }

    void blocksLimit()
    {
        const Occupancy result = theoreticalOccupancy(h100(), 32, 16, 0);
        QCOMPARE(result.blocksPerSm, 32);
        QCOMPARE(result.warpsPerSm, 32);
        QCOMPARE(result.occupancy, 0.5);
        QCOMPARE(result.limitedBy, std::string("blocks"));
    }

    void barrierLimitFromHopperOn()
    {
        // sm_90 has 64 block barriers per SM: 8 per block -> 8 blocks.
        const Occupancy result = theoreticalOccupancy(h100(), 32, 16, 0, 8);
        QCOMPARE(result.blocksPerSm, 8);
        QCOMPARE(result.limitedBy, std::string("barriers"));
        // sm_80 has no such limit in the calculator.
        QCOMPARE(theoreticalOccupancy(*knownDeviceLimits("sm_80"), 32, 16, 0, 8).blocksPerSm, 32);
    }

    void otherArchitectures()
    {
        // sm_86: 48 warps per SM; 512 threads = 16 warps -> 3 blocks, all 48 warps.
        const Occupancy ampere = theoreticalOccupancy(*knownDeviceLimits("sm_86"), 512, 32, 0);
        QCOMPARE(ampere.blocksPerSm, 3);
        QCOMPARE(ampere.occupancy, 1.0);
        // sm_80 has 164 KiB per SM: 64 KiB + 1 KiB -> 2 blocks of 4 warps, 8 of 64 warps.
        const Occupancy a100 = theoreticalOccupancy(*knownDeviceLimits("sm_80"), 128, 32, 65536);
        QCOMPARE(a100.blocksPerSm, 2);
        QCOMPARE(a100.occupancy, 8.0 / 64.0);
    }

    void zeroRegistersDoNotLimit()
    {
        const Occupancy result = theoreticalOccupancy(h100(), 1024, 0, 0);
        QVERIFY(result.launchable);
        QCOMPARE(result.blocksPerSm, 2);
        QCOMPARE(result.limitedBy, std::string("threads"));
    }

    void tooManyRegistersForTheBlock()
    {
        const Occupancy result = theoreticalOccupancy(h100(), 1024, 80, 0);
        QVERIFY(!result.launchable);
        QCOMPARE(result.blocksPerSm, 0);
        QCOMPARE(result.occupancy, 0.0);
        QCOMPARE(result.limitedBy, std::string("registers"));
        QCOMPARE(result.whyNot, std::string("1024 threads x 80 registers need 81920 registers, "
                                            "the block limit is 65536"));
        // 64 registers fit exactly: 2048 x 32 warps = 65536.
        QVERIFY(theoreticalOccupancy(h100(), 1024, 64, 0).launchable);
    }

    void hardwareRoundsWarpsToSubPartitions()
    {
        // 200 x 32 = 6400 per warp; 9 warps need 57600, but the hardware check counts 12 warps
        // (9 rounded up to a multiple of 4 sub-partitions): 76800 > 65536.
        const Occupancy result = theoreticalOccupancy(h100(), 288, 200, 0);
        QVERIFY(!result.launchable);
        QVERIFY(result.whyNot.find("76800") != std::string::npos);
    }

    void tooManyThreadsOrTooMuchSharedMemory()
    {
        const Occupancy threads = theoreticalOccupancy(h100(), 2048, 16, 0);
        QVERIFY(!threads.launchable);
        QCOMPARE(threads.limitedBy, std::string("threads"));
        QCOMPARE(threads.whyNot, std::string("2048 threads per block exceed the limit of 1024"));

        const Occupancy shared = theoreticalOccupancy(h100(), 256, 32, 228 * 1024);
        QVERIFY(!shared.launchable);
        QCOMPARE(shared.limitedBy, std::string("shared_memory"));
        QVERIFY(shared.whyNot.find("232448") != std::string::npos);

        // Exactly the opt-in maximum still launches: one block per SM.
        const Occupancy most = theoreticalOccupancy(h100(), 256, 32, 227 * 1024);
        QVERIFY(most.launchable);
        QCOMPARE(most.blocksPerSm, 1);

        QVERIFY(!theoreticalOccupancy(h100(), 0, 16, 0).launchable);
        QVERIFY(!theoreticalOccupancy(h100(), 32, 300, 0).launchable);
    }

    void checksTheLaunchShape()
    {
        LaunchShape shape;
        shape.block = {32, 4, 2};
        shape.grid = {100000, 65535, 1};
        QCOMPARE(launchShapeViolation(h100(), shape), std::string());
        shape.grid[1] = 70000;
        QCOMPARE(launchShapeViolation(h100(), shape),
                 std::string("grid.y = 70000 exceeds the limit of 65535"));
        shape.grid[1] = 1;
        shape.block = {1, 1, 128};
        QCOMPARE(launchShapeViolation(h100(), shape),
                 std::string("block.z = 128 exceeds the limit of 64"));
    }

    void launchOccupancyAddsStaticAndDynamicSharedMemory()
    {
        ResourceUsage usage;
        usage.registers = 32;
        usage.staticSharedBytes = 16 * 1024;
        LaunchShape shape;
        shape.block = {256, 1, 1};
        shape.dynamicSharedBytes = 32 * 1024;
        const Occupancy result = launchOccupancy(h100(), usage, shape);
        QCOMPARE(result.blocksPerSm, 4); // 48 KiB in all, as in sharedMemoryLimit
        QCOMPARE(result.limitedBy, std::string("shared_memory"));

        shape.block = {1, 1, 128};
        const Occupancy bad = launchOccupancy(h100(), usage, shape);
        QVERIFY(!bad.launchable);
        QCOMPARE(bad.limitedBy, std::string("launch_shape"));
    }
};

QTEST_GUILESS_MAIN(TestOccupancy)
#include "tst_occupancy.moc"
