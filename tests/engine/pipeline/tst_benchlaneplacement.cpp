// Which waiting configuration a bench lane takes next (BenchLanePlacement), on hand-made lanes
// and lines: a lane's current size first, finalists on their pinned lane (or the first one left
// when it is dropped), a lost configuration away from the lane that lost it.
#include "pipeline/benchlaneplacement.h"

#include <QTest>

using namespace tb;

namespace {

using Lane = BenchLanePlacement::Lane;
using Waiting = BenchLanePlacement::Waiting;

const std::vector<Lane> kTwoLanes = {Lane{}, Lane{}};

Waiting ofSize(std::size_t size)
{
    return Waiting{size, std::nullopt, std::nullopt};
}

Waiting pinnedTo(std::size_t lane, std::size_t size = 0)
{
    return Waiting{size, lane, std::nullopt};
}

Waiting lostOn(std::size_t lane, std::size_t size = 0)
{
    return Waiting{size, std::nullopt, lane};
}

} // namespace

class TestBenchLanePlacement : public QObject
{
    Q_OBJECT

private slots:
    void emptyLineGivesNothing()
    {
        const BenchLanePlacement placement;
        const auto choice = placement.next(0, kTwoLanes, {});
        QVERIFY(!choice.waiting);
        QVERIFY(!choice.reason.empty());
    }

    void aNewLaneTakesTheOldest()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(2);
        const auto choice = placement.next(1, kTwoLanes, {ofSize(2), ofSize(0)});
        QCOMPARE(choice.waiting, std::optional<std::size_t>(0));
    }

    void aLaneTakesItsCurrentSizeFirst()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(2);
        placement.taken(0, 1);
        const std::vector<Waiting> line = {ofSize(0), ofSize(1), ofSize(1)};
        QCOMPARE(placement.next(0, kTwoLanes, line).waiting, std::optional<std::size_t>(1));
        // The other lane holds no size yet: the oldest.
        QCOMPARE(placement.next(1, kTwoLanes, line).waiting, std::optional<std::size_t>(0));
    }

    void newBenchWorkersHoldNoSize()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(1);
        placement.taken(0, 1);
        placement.clear();
        placement.setLaneCount(1);
        const std::vector<Lane> one = {Lane{}};
        QCOMPARE(placement.next(0, one, {ofSize(0), ofSize(1)}).waiting,
                 std::optional<std::size_t>(0));
    }

    void aPinnedOneGoesToItsLaneOnly()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(2);
        const std::vector<Waiting> line = {pinnedTo(1), ofSize(0)};
        QCOMPARE(placement.next(0, kTwoLanes, line).waiting, std::optional<std::size_t>(1));
        QCOMPARE(placement.next(1, kTwoLanes, line).waiting, std::optional<std::size_t>(0));
        QVERIFY(!placement.next(0, kTwoLanes, {pinnedTo(1)}).waiting);
    }

    void aPinnedOneOfADroppedLaneGoesToTheFirstLaneLeft()
    {
        const std::vector<Lane> lanes = {Lane{true, false}, Lane{}, Lane{}};
        QCOMPARE(BenchLanePlacement::laneOfPinned(0, lanes), std::size_t(1));
        QCOMPARE(BenchLanePlacement::laneOfPinned(2, lanes), std::size_t(2));
        BenchLanePlacement placement;
        placement.setLaneCount(3);
        QVERIFY(!placement.next(2, lanes, {pinnedTo(0)}).waiting);
        QCOMPARE(placement.next(1, lanes, {pinnedTo(0)}).waiting, std::optional<std::size_t>(0));
    }

    void everyLaneDroppedKeepsThePin()
    {
        const std::vector<Lane> lanes = {Lane{true, false}, Lane{true, false}};
        QCOMPARE(BenchLanePlacement::laneOfPinned(1, lanes), std::size_t(1));
    }

    void aLostOneAvoidsTheLaneThatLostItWhileAnotherLives()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(2);
        const std::vector<Waiting> line = {lostOn(0), ofSize(0)};
        QCOMPARE(placement.next(0, kTwoLanes, line).waiting, std::optional<std::size_t>(1));
        QCOMPARE(placement.next(1, kTwoLanes, line).waiting, std::optional<std::size_t>(0));
    }

    void aLostOneTakesWhatThereIsWhenNoOtherLaneLives()
    {
        BenchLanePlacement placement;
        placement.setLaneCount(2);
        const std::vector<Lane> lanes = {Lane{}, Lane{false, false}};
        QCOMPARE(placement.next(0, lanes, {lostOn(0)}).waiting, std::optional<std::size_t>(0));
        const std::vector<Lane> alone = {Lane{}};
        QCOMPARE(placement.next(0, alone, {lostOn(0)}).waiting, std::optional<std::size_t>(0));
    }
};

QTEST_APPLESS_MAIN(TestBenchLanePlacement)
#include "tst_benchlaneplacement.moc"
