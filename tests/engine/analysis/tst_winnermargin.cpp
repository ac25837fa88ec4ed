// WinnerMargin: whether a size's best configuration beats the runner-up by more than their
// medians' uncertainty and the SM clock step between them; runnerUp finds the runner-up.
#include "analysis/winnermargin.h"

#include <QTest>

#include <cmath>

using namespace tb;

namespace {

Spec timeSpec(bool minimizeTime = true, const std::string &metric = "time")
{
    Spec spec;
    spec.parameters = {{"BM", {32, 64, 128}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{512}, {1024}};
    spec.metrics = {{"GB/s", "4*N/time"}};
    spec.objective = {metric, minimizeTime};
    return spec;
}

// A result of `median` seconds whose median is uncertain by `halfWidth` (relative).
Result timed(double median, double halfWidth, double clockMhz = 0)
{
    Result result;
    result.summary = {median, median, median, 0, 20, halfWidth};
    result.metrics["GB/s"] = 1e-6 / median;
    if (clockMhz > 0)
        result.resources["sm_clock_effective_mhz"] = clockMhz;
    return result;
}

StoredResult stored(std::int64_t id, std::size_t size, double median,
                    ResultStatus status = ResultStatus::Ok)
{
    StoredResult result;
    result.id = id;
    result.sizeIndex = size;
    result.configKey = "BM=" + std::to_string(id);
    result.result = timed(median, 0.001);
    result.result.status = status;
    return result;
}

} // namespace

class TestWinnerMargin : public QObject
{
    Q_OBJECT

private slots:
    void aClearLeadIsDecided()
    {
        const auto margin = winnerMargin(timeSpec(), timed(1.0e-3, 0.002), timed(1.1e-3, 0.003));
        QVERIFY(margin.has_value());
        QVERIFY(std::fabs(margin->lead - 0.1) < 1e-12); // the runner-up takes 1.1 times as long
        QVERIFY(std::fabs(margin->uncertainty - 0.005) < 1e-12);
        QCOMPARE(margin->clockStep, 0.0);
        QVERIFY(margin->decided());
    }

    void aLeadInsideTheIntervalsIsATie()
    {
        const auto margin =
            winnerMargin(timeSpec(), timed(1.000e-3, 0.003), timed(1.004e-3, 0.003));
        QVERIFY(margin.has_value());
        QVERIFY(margin->lead > 0 && margin->lead < 0.006);
        QVERIFY(!margin->decided());
    }

    // 0.4% apart with tight intervals, but timed one 15 MHz clock step apart: not decided.
    void aClockStepBetweenThemWidensTheUncertainty()
    {
        const Spec spec = timeSpec();
        const auto sameClock =
            winnerMargin(spec, timed(1.000e-3, 0.001, 1980.0), timed(1.004e-3, 0.001, 1980.5));
        QVERIFY(sameClock.has_value());
        QCOMPARE(sameClock->clockStep, 0.0); // 0.03% apart: the same step
        QVERIFY(sameClock->decided());
        const auto stepped =
            winnerMargin(spec, timed(1.000e-3, 0.001, 1994.6), timed(1.004e-3, 0.001, 1980.1));
        QVERIFY(stepped.has_value());
        QVERIFY(std::fabs(stepped->clockStep - (1994.6 / 1980.1 - 1)) < 1e-12);
        QVERIFY(std::fabs(stepped->uncertainty - (0.002 + stepped->clockStep)) < 1e-12);
        QVERIFY(!stepped->decided());
        const auto reversed =
            winnerMargin(spec, timed(1.000e-3, 0.001, 1980.1), timed(1.004e-3, 0.001, 1994.6));
        QVERIFY(reversed.has_value());
        QCOMPARE(reversed->clockStep, stepped->clockStep); // whichever ran at the faster clock
    }

    void aMaximisedMetricLeadsByItsRatio()
    {
        const Spec spec = timeSpec(false, "GB/s");
        const auto margin = winnerMargin(spec, timed(1.0e-3, 0.001), timed(1.25e-3, 0.001));
        QVERIFY(margin.has_value());
        QVERIFY(std::fabs(margin->lead - 0.25) < 1e-9); // 1000 GB/s against 800
        QVERIFY(margin->decided());
    }

    void noObjectiveValueGivesNoMargin()
    {
        Result untimed;
        QVERIFY(!winnerMargin(timeSpec(), timed(1e-3, 0.001), untimed).has_value());
        QVERIFY(!winnerMargin(timeSpec(false, "GB/s"), untimed, timed(1e-3, 0.001)).has_value());
    }

    void tooFewSamplesAreNeverDecided()
    {
        const double unbounded = std::numeric_limits<double>::max();
        const auto margin = winnerMargin(timeSpec(), timed(1e-3, unbounded), timed(2e-3, 0.001));
        QVERIFY(margin.has_value());
        QVERIFY(!margin->decided());
        // Unbounded, not the largest finite number plus a little: readers print "too few
        // samples" for it instead of a 1e310% uncertainty.
        QVERIFY(std::isinf(margin->uncertainty));
        const auto other = winnerMargin(timeSpec(), timed(1e-3, 0.001), timed(2e-3, unbounded));
        QVERIFY(other.has_value());
        QVERIFY(std::isinf(other->uncertainty));
    }

    void theRunnerUpIsTheNextBestOfTheSameSize()
    {
        const Spec spec = timeSpec();
        const std::vector<StoredResult> results{
            stored(1, 0, 3e-3),   stored(2, 0, 1e-3),
            stored(3, 1, 1.5e-3), stored(4, 0, 0.5e-3, ResultStatus::WrongResult),
            stored(5, 0, 2e-3),   stored(6, 0, 2e-3)};
        const auto second = runnerUp(spec, results, 0, 2);
        QVERIFY(second.has_value());
        QCOMPARE(second->id, std::int64_t{5}); // not the failed one, not size 1; ties: earlier
        QVERIFY(!runnerUp(spec, results, 1, 3).has_value()); // size 1 has one result
        QVERIFY(!runnerUp(spec, results, 7, 1).has_value()); // no such size
    }
};

QTEST_GUILESS_MAIN(TestWinnerMargin)
#include "tst_winnermargin.moc"
