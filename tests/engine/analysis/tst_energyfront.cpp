// The time-energy Pareto front of a problem size (analysis/energyfront.h), on hand-made
// results: what lies on it, what is left out, and the order it is given in.
#include "analysis/energyfront.h"
#include "model/resultfigure.h"

#include <QTest>

using namespace tb;

namespace {

StoredResult withEnergy(double seconds, double joules, std::size_t sizeIndex = 0,
                        ResultStatus status = ResultStatus::Ok)
{
    StoredResult stored;
    stored.sizeIndex = sizeIndex;
    stored.result.status = status;
    stored.result.summary.median = seconds;
    stored.result.resources[figures::kEnergyJoules] = joules;
    return stored;
}

} // namespace

class TestEnergyFront : public QObject
{
    Q_OBJECT

private slots:
    void keepsWhatNothingBeatsOnBoth()
    {
        // (time, energy): 0 fastest, 2 most frugal, 1 between them; 3 is beaten by 1 on both,
        // 4 by 0 on energy at the same time.
        const std::vector<std::pair<double, double>> points{
            {1.0, 5.0}, {2.0, 3.0}, {4.0, 2.0}, {3.0, 4.0}, {1.0, 6.0}};
        QCOMPARE(paretoFront(points), (std::vector<std::size_t>{0, 1, 2}));
    }

    void ofTwoEqualPointsTheFirst()
    {
        QCOMPARE(paretoFront({{2.0, 2.0}, {2.0, 2.0}, {1.0, 3.0}}),
                 (std::vector<std::size_t>{2, 0}));
        QVERIFY(paretoFront({}).empty());
    }

    // Only ok results of the size with an energy figure take part; indices are the results'.
    void takesOkResultsWithEnergyOfTheSize()
    {
        std::vector<StoredResult> results{
            withEnergy(4.9e-3, 2.51),
            withEnergy(7.7e-3, 1.73),
            withEnergy(1e-3, 0.5, 1),                            // another size
            withEnergy(1e-3, 0.5, 0, ResultStatus::WrongResult), // failed
            withEnergy(5.9e-3, 1.94),
            withEnergy(11.8e-3, 1.99)};
        results.push_back(withEnergy(2e-3, 0));
        results.back().result.resources.erase(figures::kEnergyJoules); // no energy run
        const EnergyTrade trade = energyTrade(results, 0);
        QCOMPARE(trade.points.size(), std::size_t(4));
        std::vector<std::size_t> frontResults;
        for (const std::size_t index : trade.front)
            frontResults.push_back(trade.points[index].result);
        QCOMPARE(frontResults, (std::vector<std::size_t>{0, 4, 1}));
        QVERIFY(!trade.points[3].onFront); // 11.8 ms, 1.99 J: beaten by 7.7 ms, 1.73 J
        QCOMPARE(trade.points[3].result, std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestEnergyFront)
#include "tst_energyfront.moc"
