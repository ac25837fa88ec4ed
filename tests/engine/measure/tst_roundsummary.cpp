#include "measure/roundsummary.h"
#include "measure/statistics.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace tb;

namespace {

SampleSummary round(double median, double min, double mean, double stddev, int count,
                    double halfWidth)
{
    return {median, min, mean, stddev, count, halfWidth};
}

} // namespace

class TestRoundSummary : public QObject
{
    Q_OBJECT

private slots:
    void oneRoundIsItself()
    {
        const std::vector<SampleSummary> rounds{round(2.0, 1.5, 2.1, 0.2, 40, 0.003)};
        const SampleSummary combined = combineRounds(rounds);
        QCOMPARE(combined.median, 2.0);
        QCOMPARE(combined.min, 1.5);
        QCOMPARE(combined.count, 40);
        QCOMPARE(combined.relativeHalfWidth, 0.003);
    }

    void noRoundsAreUnbounded()
    {
        const SampleSummary combined = combineRounds({});
        QCOMPARE(combined.count, 0);
        QCOMPARE(combined.relativeHalfWidth, kUnboundedRelativeHalfWidth);
    }

    // A process in a slow state (the middle round, 5% slower) moves neither the median nor,
    // being one of three, the choice; the half-width shows the disagreement.
    void medianOfThreeIgnoresTheOddRound()
    {
        const std::vector<SampleSummary> rounds{round(179.7, 178, 179.8, 1, 100, 0.001),
                                                round(189.3, 187, 189.4, 1, 100, 0.001),
                                                round(179.3, 177, 179.4, 1, 100, 0.001)};
        const SampleSummary combined = combineRounds(rounds);
        QCOMPARE(combined.median, 179.7);
        QCOMPARE(combined.min, 177.0);
        QCOMPARE(combined.count, 300);
        QVERIFY(std::abs(combined.mean - (179.8 + 189.4 + 179.4) / 3) < 1e-9);
        QVERIFY(std::abs(combined.relativeHalfWidth - (189.3 - 179.3) / 2 / 179.7) < 1e-12);
    }

    // The pooled stddev equals that of the union of the samples: {1, 3} and {5, 7}.
    void stddevIsThatOfAllSamples()
    {
        const auto first = summarize(std::vector<double>{1, 3});
        const auto second = summarize(std::vector<double>{5, 7});
        const std::vector<SampleSummary> rounds{first, second};
        const SampleSummary combined = combineRounds(rounds);
        const auto all = summarize(std::vector<double>{1, 3, 5, 7});
        QVERIFY(std::abs(combined.stddev - all.stddev) < 1e-12);
        QCOMPARE(combined.mean, 4.0);
        QCOMPARE(combined.median, 4.0); // two rounds: the mean of their medians (2 and 6)
    }

    void spreadIsRelativeToTheReference()
    {
        const std::vector<double> medians{130.0, 128.0, 128.0};
        QCOMPARE(relativeSpread(medians, 128.0), 2.0 / 128.0);
        QCOMPARE(relativeSpread(std::vector<double>{5.0}, 5.0), 0.0); // one round: no spread
        QCOMPARE(relativeSpread(medians, 0.0), 0.0);
    }

    // When the rounds agree better than each measured, each round's own interval is the bound.
    void ownHalfWidthBoundsAgreeingRounds()
    {
        const std::vector<SampleSummary> rounds{round(1.000, 0.9, 1, 0.01, 50, 0.01),
                                                round(1.001, 0.9, 1, 0.01, 50, 0.02),
                                                round(1.002, 0.9, 1, 0.01, 50, 0.03)};
        QCOMPARE(combineRounds(rounds).relativeHalfWidth, 0.02);
    }
};

QTEST_APPLESS_MAIN(TestRoundSummary)
#include "tst_roundsummary.moc"
