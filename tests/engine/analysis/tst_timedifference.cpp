#include "analysis/timedifference.h"

#include <QTest>

#include <cmath>

using namespace tb;

// The one way Tunebench states how two times differ (issue 18, item 13): the same figure for a
// pair whichever is the reference, its sign saying which is slower.
class TestTimeDifference : public QObject
{
    Q_OBJECT
private slots:
    void theSlowerOverTheFasterMinusOne()
    {
        QVERIFY(std::fabs(timeDifference(100, 103.49) - 0.0349) < 1e-12);
        QVERIFY(std::fabs(timeDifference(103.49, 100) + 0.0349) < 1e-12);
        QCOMPARE(timeDifference(2, 1), -1.0); // half the time: 100% faster
        QCOMPARE(timeDifference(1, 3), 2.0);
        QCOMPARE(timeDifference(5e-6, 5e-6), 0.0);
    }

    // A change against a baseline is (new - base) / base, whichever way it goes (issue 34,
    // item 10: 755 -> 661 us read "-14.30%", 1.81 ms -> 987 us "-82.84%").
    void aChangeIsRelativeToTheBase()
    {
        QVERIFY(std::fabs(relativeChange(755e-6, 661e-6) + 0.124503311) < 1e-9);
        QVERIFY(std::fabs(relativeChange(1.81e-3, 987e-6) + 0.454696133) < 1e-9);
        QCOMPARE(relativeChange(2, 1), -0.5);
        QCOMPARE(relativeChange(1, 3), 2.0);
        QCOMPARE(relativeChange(-4, -2), 0.5); // a negative base: the sign says up or down
        QCOMPARE(relativeChange(5e-6, 5e-6), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestTimeDifference)
#include "tst_timedifference.moc"
