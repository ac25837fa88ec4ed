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
