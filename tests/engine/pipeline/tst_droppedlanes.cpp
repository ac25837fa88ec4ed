// DroppedLanes: which launched bench lanes are gone for good, and why, on hand-made starts.
#include "pipeline/droppedlanes.h"

#include <QTest>

using namespace tb;

class TestDroppedLanes : public QObject
{
    Q_OBJECT

private slots:
    void dropsTheLanesThatDidNotStartWithTheirLastWords()
    {
        DroppedLanes dropped;
        dropped.setLaneCount(3);
        const std::vector<DroppedLanes::LaneStart> starts = {
            {0, std::nullopt},
            {1, makeError(EngineError::Code::WorkerError, "worker sent no hello",
                          "starting\nssh: connect to host b: Connection refused")},
            {2, makeError(EngineError::Code::WorkerError, "worker exited")},
            {7, makeError(EngineError::Code::WorkerError, "past the lanes")}};
        QCOMPARE(dropped.dropFailedStarts(starts), (std::vector<std::size_t>{1, 2}));
        QVERIFY(!dropped.forGood(0));
        QVERIFY(dropped.forGood(1));
        QCOMPARE(dropped.reason(1),
                 std::string("worker sent no hello: ssh: connect to host b: Connection refused"));
        QCOMPARE(dropped.reason(2), std::string("worker exited"));
        QVERIFY(!dropped.forGood(7));
        QVERIFY(dropped.reason(7).empty());
        QVERIFY(dropped.anyLeft(starts)); // lane 0 started
    }

    void failsWithTheFirstErrorOnceNoLaneIsLeft()
    {
        DroppedLanes dropped;
        dropped.setLaneCount(2);
        const std::vector<DroppedLanes::LaneStart> starts = {
            {0, makeError(EngineError::Code::WorkerError, "first")},
            {1, makeError(EngineError::Code::NoDevice, "second")}};
        dropped.dropFailedStarts(starts);
        const Status none = dropped.anyLeft(starts);
        QVERIFY(!none);
        QCOMPARE(none.error().message, std::string("first"));
        QCOMPARE(dropped.firstReason(), std::string("first"));

        // Dropped earlier (a round's restart keeps them), not by these starts.
        const Status earlier = dropped.anyLeft({});
        QVERIFY(!earlier);
        QCOMPARE(earlier.error().message, std::string("every measuring location was dropped"));
        QCOMPARE(earlier.error().detail, std::string("first"));
    }

    void keepsALaneDroppedLaterAndOnlyWithAReason()
    {
        DroppedLanes dropped;
        QVERIFY(dropped.firstReason().empty());
        dropped.setLaneCount(2);
        dropped.drop(0, ""); // its supervisor is well: usable
        QVERIFY(!dropped.forGood(0));
        dropped.drop(1, "srun task 1 lost 3 workers");
        QVERIFY(dropped.forGood(1));
        dropped.drop(5, "past the lanes");
        QVERIFY(!dropped.forGood(5));
        dropped.setLaneCount(3); // grows without forgetting
        QVERIFY(dropped.forGood(1));
        QVERIFY(!dropped.forGood(2));
    }
};

QTEST_GUILESS_MAIN(TestDroppedLanes)
#include "tst_droppedlanes.moc"
