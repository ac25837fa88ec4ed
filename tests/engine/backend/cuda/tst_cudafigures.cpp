// Every figure the CUDA backend writes into Result::resources has a declaration
// (model/resultfigure.h), so the exports, the CLI and the workbench name and order it. The
// writers that need no GPU are run here: the compile figures (fresh, and back from the cubin
// cache) and the clock records.
#include "backend/cuda/compile/cubincache.h"
#include "backend/cuda/compile/cudaresources.h"
#include "backend/cuda/compile/devicelimits.h"
#include "backend/cuda/gpuclockmonitor.h"
#include "backend/cuda/smclockprobe.h"
#include "backend/cuda/throttlereasons.h"
#include "model/resultfigure.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

ResourceUsage someUsage()
{
    ResourceUsage usage;
    usage.registers = 40;
    usage.spillStoreBytes = 8;
    usage.spillLoadBytes = 12;
    usage.stackFrameBytes = 16;
    usage.staticSharedBytes = 4096;
    usage.constantBytes = 400;
    usage.barriers = 1;
    return usage;
}

// The keys of `result` no declaration knows.
QStringList undeclared(const Result &result)
{
    QStringList keys;
    for (const auto &[key, value] : result.resources)
        if (!findResultFigure(key))
            keys << QString::fromStdString(key);
    return keys;
}

Result compiled(const ResourceUsage &usage)
{
    LaunchShape shape;
    shape.block = {128, 1, 1};
    shape.dynamicSharedBytes = 1024;
    const auto limits = knownDeviceLimits("sm_90");
    Result result;
    fillResources(result, usage, shape, launchOccupancy(*limits, usage, shape));
    return result;
}

} // namespace

class TestCudaFigures : public QObject
{
    Q_OBJECT

private slots:
    void compileFiguresAreDeclared()
    {
        const Result result = compiled(someUsage());
        QCOMPARE(result.resources.size(), std::size_t(12));
        QCOMPARE(undeclared(result), QStringList());
    }

    void cachedCompileFiguresAreDeclared()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const CubinCache cache(directory.path().toStdString(), "0123abcd");
        CudaBuild build;
        build.loweredName = "kernel";
        build.usage = someUsage();
        build.arch = "sm_90";
        QVERIFY(cache.publish("not a real cubin", build).hasValue());
        const auto loaded = cache.load();
        QVERIFY(loaded);
        QVERIFY(loaded->usage == someUsage());
        QCOMPARE(undeclared(compiled(loaded->usage)), QStringList());
    }

    void clockFiguresAreDeclared()
    {
        Result result;
        GpuClockMonitor::record(result, {true, 1980, throttle::kGpuIdle},
                                {true, 1755, throttle::kSwPowerCap});
        SmClockProbe::record(result, 1990);
        QVERIFY(result.resources.size() >= 5);
        QCOMPARE(undeclared(result), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestCudaFigures)
#include "tst_cudafigures.moc"
