// combineEnergyRounds: a finalist's energy figures over its process rounds.
#include "measure/energyrounds.h"
#include "model/resultfigure.h"

#include <QTest>

#include <vector>

using namespace tb;

namespace {

Result round(double joules, double watts, double uncertainty)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.resources[figures::kEnergyJoules] = joules;
    result.resources[figures::kPowerWatts] = watts;
    result.resources[figures::kEnergyLaunchSeconds] = joules / watts;
    result.resources[figures::kEnergyUncertainty] = uncertainty;
    return result;
}

} // namespace

class TestEnergyRounds : public QObject
{
    Q_OBJECT

private slots:
    // The median round wins: one round in an odd state cannot move the figures.
    void theMedianRoundsFiguresWin()
    {
        const Result a = round(3.30, 420, 0.004);
        const Result b = round(3.40, 430, 0.005);
        const Result odd = round(4.50, 520, 0.006);
        const std::vector<const Result *> rounds{&a, &odd, &b};
        Result combined = a;
        combineEnergyRounds(rounds, combined);
        QCOMPARE(combined.resource(figures::kEnergyJoules).value(), 3.40);
        QCOMPARE(combined.resource(figures::kPowerWatts).value(), 430.0);
        QCOMPARE(combined.resource(figures::kEnergyLaunchSeconds).value(), 3.40 / 430);
        // Half the rounds' spread, (4.5 - 3.3) / 3.4 / 2, is larger than their own 0.5%.
        QVERIFY(std::abs(combined.resource(figures::kEnergyUncertainty).value() - 1.2 / 6.8) <
                1e-12);
    }

    // Rounds that agree keep their own uncertainty.
    void agreeingRoundsKeepTheirOwnUncertainty()
    {
        const Result a = round(3.300, 420, 0.010);
        const Result b = round(3.301, 420, 0.012);
        const std::vector<const Result *> rounds{&a, &b};
        Result combined = a;
        combineEnergyRounds(rounds, combined);
        QCOMPARE(combined.resource(figures::kEnergyUncertainty).value(), 0.011);
    }

    // Rounds without energy (no NVML) leave the result as it was.
    void noEnergyLeavesTheResult()
    {
        Result plain;
        plain.status = ResultStatus::Ok;
        const std::vector<const Result *> rounds{&plain, &plain};
        Result combined = plain;
        combineEnergyRounds(rounds, combined);
        QVERIFY(combined.resources.empty());
    }
};

QTEST_APPLESS_MAIN(TestEnergyRounds)
#include "tst_energyrounds.moc"
