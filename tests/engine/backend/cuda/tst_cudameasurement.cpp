#include "backend/cuda/cudameasurement.h"

#include <QTest>

using namespace tb;

namespace {

MeasurementSettings settings(int minSamples, int maxSamples, double maxSeconds)
{
    MeasurementSettings measurement;
    measurement.minSamples = minSamples;
    measurement.maxSamples = maxSamples;
    measurement.maxSecondsPerConfig = maxSeconds;
    return measurement;
}

} // namespace

// The batching of CudaMeasurement (the loop itself needs a GPU: tst_cudabackend_gpu).
class TestCudaMeasurement : public QObject
{
    Q_OBJECT

private slots:
    void startsWithTheMinimumThenGrowsByHalf()
    {
        const MeasurementSettings measurement = settings(5, 200, 2.0);
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 0, 0, 0), std::size_t(5));
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 5, 0.001, 0.0002), std::size_t(2));
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 40, 0.01, 0.00025), std::size_t(20));
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 150, 0.04, 0.00025),
                 CudaMeasurement::kMaxBatch);
        QCOMPARE(CudaMeasurement::nextBatchSize(settings(0, 200, 2.0), 0, 0, 0), std::size_t(1));
        QCOMPARE(CudaMeasurement::nextBatchSize(settings(100, 200, 2.0), 0, 0, 0),
                 CudaMeasurement::kMaxBatch);
    }

    void neverPassesTheSampleCap()
    {
        const MeasurementSettings measurement = settings(5, 50, 2.0);
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 45, 0.01, 0.0002), std::size_t(5));
        QCOMPARE(CudaMeasurement::nextBatchSize(settings(5, 3, 2.0), 0, 0, 0), std::size_t(3));
    }

    // With an early-exit threshold a hopeless configuration is judged after three samples,
    // then the batches go on as without one.
    void probesThreeSamplesFirstWhenAJobMayStopEarly()
    {
        const MeasurementSettings measurement = settings(10, 200, 2.0);
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 0, 0, 0, true), std::size_t(3));
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 3, 0.001, 0.0002, true),
                 std::size_t(7));
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 10, 0.002, 0.0002, true),
                 CudaMeasurement::nextBatchSize(measurement, 10, 0.002, 0.0002));
        QCOMPARE(CudaMeasurement::nextBatchSize(settings(2, 200, 2.0), 0, 0, 0, true),
                 std::size_t(2));
    }

    void fitsTheTimeLeft()
    {
        // 0.1 s per sample, 0.35 s left: 3 more fit.
        const MeasurementSettings measurement = settings(2, 200, 1.0);
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 20, 0.65, 0.1), std::size_t(3));
        // Out of time: one more at least (the sampler decides when to stop).
        QCOMPARE(CudaMeasurement::nextBatchSize(measurement, 20, 1.5, 0.1), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestCudaMeasurement)
#include "tst_cudameasurement.moc"
