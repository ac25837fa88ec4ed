#include "measure/statistics.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace tb;

namespace {

// Samples around 1.0 with +-1% noise, the same every run.
std::vector<double> noisySamples(std::size_t count)
{
    std::mt19937_64 generator(42);
    std::uniform_real_distribution<double> noise(-0.01, 0.01);
    std::vector<double> samples;
    for (std::size_t i = 0; i < count; ++i)
        samples.push_back(1.0 + noise(generator));
    return samples;
}

} // namespace

class TestStatistics : public QObject
{
    Q_OBJECT

private slots:
    void summarizesAnOddCount()
    {
        const std::vector<double> samples{3.0, 1.0, 2.0};
        const SampleSummary summary = summarize(samples);
        QCOMPARE(summary.count, 3);
        QCOMPARE(summary.median, 2.0);
        QCOMPARE(summary.min, 1.0);
        QCOMPARE(summary.mean, 2.0);
        QCOMPARE(summary.stddev, 1.0); // sqrt((1 + 0 + 1) / (3 - 1))
    }

    void summarizesAnEvenCount()
    {
        const std::vector<double> samples{4.0, 1.0, 3.0, 2.0};
        const SampleSummary summary = summarize(samples);
        QCOMPARE(summary.count, 4);
        QCOMPARE(summary.median, 2.5);
        QCOMPARE(summary.min, 1.0);
        QCOMPARE(summary.mean, 2.5);
        QVERIFY(std::fabs(summary.stddev - std::sqrt(5.0 / 3.0)) < 1e-12);
    }

    void harrellDavisMovesLessThanATickWhereTheSampleMedianJumps()
    {
        // Timer ticks: a duration between ticks 10 and 11 reads as either. Two runs whose
        // split differs by three samples: the sample median jumps a whole tick.
        std::vector<double> first(29, 10.0);
        first.insert(first.end(), 21, 11.0);
        std::vector<double> second(24, 10.0);
        second.insert(second.end(), 26, 11.0);
        QCOMPARE(sortedMedian(first), 10.0);
        QCOMPARE(sortedMedian(second), 11.0);
        const double a = harrellDavisMedian(first);
        const double b = harrellDavisMedian(second);
        QVERIFY2(a > 10 && a < 11 && b > 10 && b < 11,
                 qPrintable(QStringLiteral("%1 %2").arg(a).arg(b)));
        QVERIFY2(b - a > 0 && b - a < 0.5, qPrintable(QString::number(b - a)));
    }

    void harrellDavisEqualsTheMedianOfSymmetricDataAndIgnoresFarOutliers()
    {
        std::vector<double> values;
        for (int i = 1; i <= 99; ++i)
            values.push_back(i);
        QVERIFY(std::fabs(harrellDavisMedian(values) - 50.0) < 1e-9);
        values.push_back(1e9); // one sample hit by a preemption
        QVERIFY2(std::fabs(harrellDavisMedian(values) - 50.5) < 0.1,
                 qPrintable(QString::number(harrellDavisMedian(values))));
        // Many samples: the weights of the far tails are skipped, the result is unchanged.
        std::vector<double> many;
        for (int i = 0; i < 100001; ++i)
            many.push_back(i);
        QVERIFY(std::fabs(harrellDavisMedian(many) - 50000.0) < 1e-6);
    }

    void summarizesNothingAndOneSample()
    {
        const SampleSummary empty = summarize({});
        QCOMPARE(empty.count, 0);
        QCOMPARE(empty.relativeHalfWidth, kUnboundedRelativeHalfWidth);

        const std::vector<double> one{0.25};
        const SampleSummary single = summarize(one);
        QCOMPARE(single.count, 1);
        QCOMPARE(single.median, 0.25);
        QCOMPARE(single.mean, 0.25);
        QCOMPARE(single.stddev, 0.0);
        QCOMPARE(single.relativeHalfWidth, kUnboundedRelativeHalfWidth);
    }

    void boundsTheMedianByOrderStatistics()
    {
        // n = 5: ranks floor(2.5 - 2.19) -> 1 and ceil(1 + 2.5 + 2.19) -> 5: [min, max].
        const std::vector<double> five{5.0, 1.0, 4.0, 2.0, 3.0};
        QCOMPARE(summarize(five).relativeHalfWidth, (5.0 - 1.0) / 2.0 / 3.0);

        // n = 100 with values 1..100: ranks 40 and 61, median 50.5.
        std::vector<double> hundred;
        for (int i = 1; i <= 100; ++i)
            hundred.push_back(i);
        QCOMPARE(summarize(hundred).relativeHalfWidth, (61.0 - 40.0) / 2.0 / 50.5);
    }

    // Three samples: the whole range; fewer: no bound at all (early exit waits for three).
    void anIntervalNeedsThreeSamples()
    {
        const std::vector<double> three{1.0, 2.0, 5.0};
        QCOMPARE(medianInterval(three).lower, 1.0);
        QCOMPARE(medianInterval(three).upper, 5.0);
        const std::vector<double> two{1.0, 2.0};
        QVERIFY(std::isinf(medianInterval(two).lower) && medianInterval(two).lower < 0);
        QVERIFY(std::isinf(medianInterval(two).upper) && medianInterval(two).upper > 0);
        std::vector<double> many;
        for (int i = 1; i <= 100; ++i)
            many.push_back(i);
        const MedianInterval interval = medianInterval(many);
        QVERIFY(interval.lower > 35 && interval.lower < 50);
        QVERIFY(interval.upper > 51 && interval.upper < 65);
    }

    void reportsTwoSamplesAsUnbounded()
    {
        const std::vector<double> two{1.0, 1.0};
        QCOMPARE(summarize(two).relativeHalfWidth, kUnboundedRelativeHalfWidth);
    }

    void narrowsAsSamplesAccumulate()
    {
        const auto samples = noisySamples(400);
        double previous = kUnboundedRelativeHalfWidth;
        for (std::size_t n : {5, 25, 100, 400}) {
            const double width = summarize(std::span(samples).first(n)).relativeHalfWidth;
            QVERIFY2(width < previous, qPrintable(QString("n=%1 width=%2").arg(n).arg(width)));
            previous = width;
        }
        QVERIFY(previous < 0.002); // ~1.96 * 0.0115 / sqrt(400) for +-1% uniform noise
    }

    // CUPTI on an H100 ticks in 32 ns: a 3.3 us kernel's central samples all read one tick, so
    // the order statistics bound the median to nothing, yet it is only known to half a tick.
    void aMedianIsNotKnownMoreFinelyThanTheTimerTicks()
    {
        std::vector<double> samples(40, 3328e-9);
        samples.insert(samples.end(), 5, 3296e-9);
        samples.insert(samples.end(), 5, 3360e-9);
        samples.push_back(3392e-9);
        samples.push_back(3393e-9); // a rare 1 ns rounding step does not set the tick
        std::sort(samples.begin(), samples.end());
        QVERIFY(std::fabs(timerStep(samples) - 32e-9) < 1e-15);
        QCOMPARE(relativeMedianHalfWidth(samples), 0.0); // what the sampler stops on
        const SampleSummary summary = summarize(samples);
        QVERIFY2(std::fabs(summary.relativeHalfWidth - 16e-9 / summary.median) < 1e-12,
                 qPrintable(QString::number(summary.relativeHalfWidth)));

        // Where the interval is wider than the tick, the tick does not widen it.
        std::vector<double> hundred;
        for (int i = 1; i <= 100; ++i)
            hundred.push_back(i);
        QCOMPARE(timerStep(hundred), 1.0);
        QCOMPARE(summarize(hundred).relativeHalfWidth, (61.0 - 40.0) / 2.0 / 50.5);
    }

    void constantSamplesHaveZeroWidth()
    {
        const std::vector<double> samples(7, 0.5);
        QCOMPARE(summarize(samples).relativeHalfWidth, 0.0);
        QCOMPARE(summarize(samples).stddev, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
