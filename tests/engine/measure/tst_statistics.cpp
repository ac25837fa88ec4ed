#include "measure/statistics.h"

#include <QTest>

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

    void constantSamplesHaveZeroWidth()
    {
        const std::vector<double> samples(7, 0.5);
        QCOMPARE(summarize(samples).relativeHalfWidth, 0.0);
        QCOMPARE(summarize(samples).stddev, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
