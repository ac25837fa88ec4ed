// On a GPU: the probe computes the device's peaks from the driver's attributes (SM count, SM
// clock, memory clock, bus width) and they are of a GPU's order. Prints them, to hold against
// the data sheet (an H100 SXM: 66.9 TFLOP/s FP32, 3.35 TB/s).
#include "backend/cuda/cudaenvironment.h"

#include <QTest>

using namespace tb;

class TestDevicePeaksGpu : public QObject
{
    Q_OBJECT

private slots:
    void theProbeGivesEveryGpusPeaks()
    {
        const CudaEnvironment cuda = probeCudaEnvironment();
        QVERIFY2(!cuda.devices.empty(), cuda.whyNot.c_str());
        for (const GpuIdentity &gpu : cuda.devices) {
            qInfo("%s (%s): %s", gpu.name.c_str(), gpu.arch.c_str(),
                  describePeaks(gpu.peaks).c_str());
            QVERIFY2(gpu.peaks.flopsPerSecond.has_value(), gpu.name.c_str());
            QVERIFY2(gpu.peaks.bytesPerSecond.has_value(), gpu.name.c_str());
            QVERIFY(*gpu.peaks.flopsPerSecond > 1e12 && *gpu.peaks.flopsPerSecond < 1e15);
            QVERIFY(*gpu.peaks.bytesPerSecond > 1e11 && *gpu.peaks.bytesPerSecond < 2e13);
            QCOMPARE(gpu.peaks.flopsSource, std::string(kPeakFromDevice));
        }
    }
};

QTEST_GUILESS_MAIN(TestDevicePeaksGpu)
#include "tst_devicepeaks_gpu.moc"
