// The pieces the strategies share: the seeded draw, the lazy shuffle, the neighbourhoods, the
// hill climb and the Gaussian process.
#include "strategytestsupport.h"

#include "search/gaussianprocess.h"
#include "search/hillclimber.h"
#include "search/lazyshuffle.h"
#include "search/neighbourhood.h"
#include "search/searchledger.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

class TestSearchBuildingBlocks : public QObject
{
    Q_OBJECT

private slots:
    // mt19937_64 is pinned down by the standard (its 10000th output from the default seed), and
    // so is everything SeededRandom derives from it.
    void seededRandomIsTheSameEverywhere()
    {
        SeededRandom random(5489);
        for (int i = 0; i < 9999; ++i)
            random.below(std::uint64_t(1) << 63); // one engine output each: no rejection
        std::mt19937_64 reference;
        reference.discard(9999);
        QCOMPARE(reference(), std::uint64_t(9981545732273789042ull));
        SeededRandom a(3), b(3);
        std::vector<int> first{1, 2, 3, 4, 5, 6, 7, 8}, second = first;
        a.shuffle(first);
        b.shuffle(second);
        QCOMPARE(first, second);
        QVERIFY(first != (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
        for (int i = 0; i < 1000; ++i) {
            const double unit = a.unit();
            QVERIFY(unit >= 0 && unit < 1);
            QVERIFY(a.below(7) < 7);
        }
    }

    void belowIsUnbiased()
    {
        SeededRandom random(9);
        std::vector<int> counts(6, 0);
        for (int i = 0; i < 60000; ++i)
            ++counts[random.below(6)];
        for (int count : counts)
            QVERIFY2(count > 9500 && count < 10500, QByteArray::number(count));
    }

    void lazyShuffleDrawsEachElementOnce()
    {
        SeededRandom random(4);
        LazyShuffle shuffle(1000);
        std::set<std::uint64_t> drawn;
        while (auto element = shuffle.next(random)) {
            QVERIFY(*element < 1000);
            drawn.insert(*element);
        }
        QCOMPARE(drawn.size(), std::size_t(1000));
        QCOMPARE(shuffle.remaining(), std::uint64_t(0));
    }

    void neighboursAreValidAndAsDescribed()
    {
        const Neighbourhood around(*m_space);
        QCOMPARE(around.dimensions(), std::size_t(4));
        // BX=8, BY=32, U=2, V=1: BX * BY = 256 is on the limit.
        const auto index = *m_space->indexOf(Configuration{{8, 32, 2, 1}});
        QCOMPARE(around.coordinatesOf(index), (Neighbourhood::Coordinates{3, 5, 2, 0}));
        QCOMPARE(around.unitCoordinates(index), (std::vector<double>{0.6, 1.0, 0.4, 0.0}));
        std::set<std::vector<double>> adjacent;
        for (auto neighbour : around.adjacent(index, 1))
            adjacent.insert(m_space->at(neighbour).values);
        // BX=16 breaks the product limit; U=3 or V=2 makes U + V = 4, which is rejected.
        const std::set<std::vector<double>> expected{{4, 32, 2, 1}, {8, 16, 2, 1}, {8, 32, 1, 1}};
        QCOMPARE(adjacent, expected);
        for (auto neighbour : around.hamming(index)) {
            const auto values = m_space->at(neighbour).values;
            int differences = 0;
            for (std::size_t k = 0; k < values.size(); ++k)
                differences += values[k] != m_space->at(index).values[k];
            QCOMPARE(differences, 1);
        }
        // BX=2 (not 32); BY=8; U=4, U=0; V=3.
        QCOMPARE(around.adjacent(index, 2).size(), std::size_t(5));
    }

    void nearestRepairsToTheClosestAcceptedPoint()
    {
        const Neighbourhood around(*m_space);
        // BX=32, BY=32 is rejected (1024 > 256); one step down either parameter is not enough,
        // two steps in all are.
        const Neighbourhood::Coordinates rejected{5, 5, 0, 0};
        QVERIFY(!around.indexAt(rejected));
        const auto repaired = around.nearest(rejected, 3, [](std::uint64_t) { return true; });
        QVERIFY(repaired);
        const auto coordinates = around.coordinatesOf(*repaired);
        std::size_t distance = 0;
        for (std::size_t k = 0; k < 4; ++k)
            distance += coordinates[k] > rejected[k] ? coordinates[k] - rejected[k]
                                                     : rejected[k] - coordinates[k];
        QCOMPARE(distance, std::size_t(2));
        QVERIFY(!around.nearest(rejected, 1, [](std::uint64_t) { return true; }));
        const auto valid = *around.indexAt({0, 0, 0, 0});
        QCOMPARE(*around.nearest({0, 0, 0, 0}, 0, [](std::uint64_t) { return true; }), valid);
        QVERIFY(*around.nearest({0, 0, 0, 0}, 2, [valid](std::uint64_t i) { return i != valid; }) !=
                valid);
    }

    // Sequentially (each proposal reported before the next) the climb is a plain
    // first-improvement descent: it ends where no neighbour is better.
    void hillClimbEndsAtALocalOptimum()
    {
        SearchLedger ledger(*m_space);
        const Neighbourhood around(*m_space);
        HillClimber climber(
            ledger, [&](std::uint64_t centre, std::size_t) { return around.hamming(centre); }, 1,
            false);
        QVERIFY(climber.finished());
        const auto objective = rippledBowl(*m_space, {0.4, 0.2, 0.8, 0.0}, 0.0);
        const Configuration start{{1, 1, 0, 1}};
        climber.startAt(*m_space->indexOf(start));
        int evaluations = 0;
        while (auto index = climber.proposal()) {
            const auto config = ledger.propose(*index);
            ledger.record(config, objective(config));
            climber.update();
            ++evaluations;
        }
        QVERIFY(climber.finished());
        const double reached = *objective(m_space->at(*climber.centre()));
        QVERIFY(reached < *objective(start));
        for (auto neighbour : around.hamming(*climber.centre()))
            QVERIFY(*objective(m_space->at(neighbour)) >= reached);
        QVERIFY(evaluations < 80);
    }

    // Out of order: the climb offers the whole neighbourhood before anything is reported, then
    // waits, and judges once the reports are in.
    void hillClimbWaitsForItsNeighbourhood()
    {
        SearchLedger ledger(*m_space);
        const Neighbourhood around(*m_space);
        HillClimber climber(
            ledger, [&](std::uint64_t centre, std::size_t) { return around.hamming(centre); }, 1,
            false);
        const auto start = *m_space->indexOf(Configuration{{4, 4, 2, 1}});
        climber.startAt(start);
        std::vector<Configuration> out;
        while (auto index = climber.proposal())
            out.push_back(ledger.propose(*index));
        QCOMPARE(out.size(), around.hamming(start).size() + 1);
        QVERIFY(!climber.finished()); // waiting
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
            ledger.record(*it, it->values == m_space->at(start).values ? 1.0 : 2.0);
            climber.update();
        }
        QVERIFY(climber.finished()); // the start was a local optimum
        QCOMPARE(*climber.centre(), start);
    }

    void gaussianProcessInterpolatesAndKnowsWhereItIsUnsure()
    {
        Eigen::MatrixXd inputs(5, 1);
        inputs << 0.0, 0.25, 0.5, 0.75, 1.0;
        Eigen::VectorXd targets(5);
        for (int i = 0; i < 5; ++i)
            targets[i] = std::sin(3 * inputs(i, 0));
        GaussianProcess process;
        QVERIFY(process.fitBest(inputs, targets, {0.1, 0.3, 1.0}, {1e-6, 1e-2}));
        Eigen::MatrixXd points(3, 1);
        points << 0.5, 0.6, 3.0;
        const auto prediction = process.predict(points);
        QVERIFY(std::abs(prediction.mean[0] - std::sin(1.5)) < 0.01);
        QVERIFY(std::abs(prediction.mean[1] - std::sin(1.8)) < 0.1);
        QVERIFY(prediction.deviation[0] < 0.05);
        QVERIFY(prediction.deviation[2] > 0.9); // far from every input: the prior
    }

    void gaussianProcessSurvivesDuplicateInputs()
    {
        Eigen::MatrixXd inputs = Eigen::MatrixXd::Constant(4, 2, 0.5);
        Eigen::VectorXd targets(4);
        targets << 1, 1, 1, 1;
        GaussianProcess process;
        QVERIFY(process.fit(inputs, targets, {0.3, 0.0}));
        QVERIFY(std::isfinite(process.predict(inputs).mean[0]));
    }

private:
    const Spec m_spec = mediumSpec();
    Expected<SearchSpace> m_space = SearchSpace::build(m_spec, 0);
};

QTEST_GUILESS_MAIN(TestSearchBuildingBlocks)
#include "tst_searchbuildingblocks.moc"
