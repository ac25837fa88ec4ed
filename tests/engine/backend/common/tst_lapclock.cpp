#include "backend/common/lapclock.h"

#include <QTest>

#include <thread>

using namespace tb;

// Where a GPU worker's start went, step by step (its "ready in" log line).
class TestLapClock : public QObject
{
    Q_OBJECT
private slots:
    void eachLapIsTheTimeSinceThePreviousOne()
    {
        const auto began = std::chrono::steady_clock::now();
        LapClock clock;
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const double first = clock.lap("driver");
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const double second = clock.lap("context");
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        QVERIFY(first >= 0.03);
        QVERIFY(second >= 0.03);
        QCOMPARE(clock.totalSeconds(), first + second);
        QVERIFY(clock.totalSeconds() <= wall); // a lap that counted the previous one would not
    }

    void namesEveryLapInOrder()
    {
        LapClock clock;
        clock.lap("driver");
        clock.lap("CUPTI");
        const std::string text = clock.text();
        QVERIFY2(text.starts_with("driver 0.0"), text.c_str());
        QVERIFY2(text.find(", CUPTI 0.0") != std::string::npos, text.c_str());
        QVERIFY2(text.ends_with(" s"), text.c_str());
    }

    void aClockWithoutLapsSaysNothing()
    {
        LapClock clock;
        QCOMPARE(clock.text(), std::string());
        QCOMPARE(clock.totalSeconds(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLapClock)
#include "tst_lapclock.moc"
