#include "export/timedifference.h"

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
};

QTEST_GUILESS_MAIN(TestTimeDifference)
#include "tst_timedifference.moc"
