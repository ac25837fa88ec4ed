#include "measure/adaptivesampler.h"
#include "measure/statistics.h"

#include <QTest>

using namespace tb;

namespace {

MeasurementSettings settings(int minSamples, int maxSamples, double target, double maxSeconds)
{
    MeasurementSettings result;
    result.minSamples = minSamples;
    result.maxSamples = maxSamples;
    result.targetRelativeHalfWidth = target;
    result.minSecondsPerConfig = 0;
    result.maxSecondsPerConfig = maxSeconds;
    return result;
}

// Alternates widely so the median interval never gets near a tight target.
double noisy(int i)
{
    return i % 2 == 0 ? 1.0 : 2.0;
}

} // namespace

class TestAdaptiveSampler : public QObject
{
    Q_OBJECT

private slots:
    void stopsAtMaxSamples()
    {
        AdaptiveSampler sampler(settings(5, 10, 0.01, 1000.0));
        int added = 0;
        while (!sampler.done(0.0) && added < 1000)
            sampler.add(noisy(added++));
        QCOMPARE(added, 10);
        QCOMPARE(sampler.samples().size(), std::size_t(10));
        QVERIFY(sampler.relativeHalfWidth() > 0.01);
    }

    void stopsAtMinSamplesWhenDataIsConstant()
    {
        AdaptiveSampler sampler(settings(5, 100, 0.01, 1000.0));
        for (int i = 0; i < 4; ++i) {
            sampler.add(1e-3);
            QVERIFY(!sampler.done(0.0));
        }
        sampler.add(1e-3);
        QVERIFY(sampler.done(0.0));
        QCOMPARE(sampler.relativeHalfWidth(), 0.0);
    }

    void keepsSamplingWhileTheIntervalIsWide()
    {
        AdaptiveSampler sampler(settings(3, 100, 0.01, 1000.0));
        for (int i = 0; i < 20; ++i)
            sampler.add(noisy(i));
        QVERIFY(!sampler.done(0.0));
    }

    void stopsAtTheTimeCapWithAtLeastOneSample()
    {
        AdaptiveSampler sampler(settings(5, 100, 0.01, 0.5));
        QVERIFY(!sampler.done(10.0)); // nothing measured yet: take one sample regardless
        sampler.add(0.7);
        QVERIFY(!sampler.done(0.4));
        QVERIFY(sampler.done(0.5));
    }

    void samplesForTheMinimumTimeEvenWhenPrecise()
    {
        MeasurementSettings measurement = settings(5, 100, 0.01, 1.0);
        measurement.minSecondsPerConfig = 0.02;
        AdaptiveSampler sampler(measurement);
        for (int i = 0; i < 5; ++i)
            sampler.add(1e-3);
        QCOMPARE(sampler.relativeHalfWidth(), 0.0);
        QVERIFY(!sampler.done(0.019));
        QVERIFY(sampler.done(0.02));
        // The sample cap still ends it.
        measurement.maxSamples = 5;
        AdaptiveSampler capped(measurement);
        for (int i = 0; i < 5; ++i)
            capped.add(1e-3);
        QVERIFY(capped.done(0.001));
    }

    // Early exit: three samples that are all above the threshold end the sampling, long before
    // min_samples or the target precision would.
    void stopsAHopelessConfigurationAfterThreeSamples()
    {
        AdaptiveSampler sampler(settings(10, 100, 0.001, 1000.0), 2.0);
        sampler.add(3.1);
        sampler.add(3.0);
        QVERIFY(!sampler.done(0.0)); // two samples bound no median
        sampler.add(2.9);
        QVERIFY(sampler.done(0.0));
        QVERIFY(sampler.stoppedEarly());
        QCOMPARE(sampler.samples().size(), std::size_t(3));
    }

    // Only when even the interval's lower end is above: one fast sample keeps it going.
    void keepsMeasuringAContenderWhoseIntervalReachesTheThreshold()
    {
        AdaptiveSampler sampler(settings(5, 100, 0.001, 1000.0), 2.0);
        for (const double sample : {3.0, 1.9, 3.2})
            sampler.add(sample);
        QVERIFY(!sampler.done(0.0));
        QVERIFY(!sampler.stoppedEarly());
    }

    void withoutAThresholdNothingStopsEarly()
    {
        AdaptiveSampler sampler(settings(10, 100, 0.001, 1000.0));
        for (int i = 0; i < 5; ++i)
            sampler.add(1e6);
        QVERIFY(!sampler.done(0.0));
        QVERIFY(!sampler.stoppedEarly());
    }

    void keepsSamplesInOrderAndSummarizesThem()
    {
        AdaptiveSampler sampler(settings(1, 10, 0.01, 10.0));
        sampler.add(3.0);
        sampler.add(1.0);
        sampler.add(2.0);
        QCOMPARE(sampler.samples(), (std::vector<double>{3.0, 1.0, 2.0}));
        const SampleSummary summary = sampler.summary();
        QCOMPARE(summary.count, 3);
        QCOMPARE(summary.median, 2.0);
        QCOMPARE(summary.min, 1.0);
        QCOMPARE(summary.relativeHalfWidth, sampler.relativeHalfWidth());
    }
};

QTEST_GUILESS_MAIN(TestAdaptiveSampler)
#include "tst_adaptivesampler.moc"
