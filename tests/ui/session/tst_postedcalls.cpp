#include "session/postedcalls.h"

#include <QTest>
#include <QThread>

#include <memory>
#include <thread>
#include <vector>

using namespace tb;

// PostedCalls carries the session's events to the GUI thread: every call must arrive, on the
// receiver's thread, in the order each thread posted it, and none may run after the receiver
// is gone.
class TestPostedCalls : public QObject
{
    Q_OBJECT
private slots:
    void runsEveryCallOnTheReceiversThreadInOrder()
    {
        PostedCalls calls;
        constexpr int kThreads = 4;
        constexpr int kPerThread = 2000;
        std::vector<std::vector<int>> seen(kThreads);
        bool allOnGuiThread = true;
        QThread *const gui = QThread::currentThread();

        std::vector<std::thread> posters;
        for (int t = 0; t < kThreads; ++t) {
            posters.emplace_back([&, t] {
                for (int i = 0; i < kPerThread; ++i) {
                    calls.post([&, t, i] {
                        allOnGuiThread = allOnGuiThread && QThread::currentThread() == gui;
                        seen[t].push_back(i);
                    });
                }
            });
        }
        for (auto &poster : posters)
            poster.join();
        QTRY_VERIFY_WITH_TIMEOUT(seen[0].size() + seen[1].size() + seen[2].size() +
                                         seen[3].size() ==
                                     std::size_t(kThreads * kPerThread),
                                 10000);
        QVERIFY(allOnGuiThread);
        for (const auto &one : seen) {
            QCOMPARE(int(one.size()), kPerThread);
            for (int i = 0; i < kPerThread; ++i)
                QCOMPARE(one[std::size_t(i)], i);
        }
    }

    void aCallPostedByACallRunsLater()
    {
        PostedCalls calls;
        std::vector<int> order;
        calls.post([&] {
            order.push_back(1);
            calls.post([&] { order.push_back(3); });
        });
        calls.post([&] { order.push_back(2); });
        QTRY_COMPARE(order.size(), std::size_t(3));
        QCOMPARE(order, (std::vector<int>{1, 2, 3}));
    }

    void dropsCallsStillQueuedWhenDestroyed()
    {
        auto ran = std::make_shared<int>(0);
        {
            PostedCalls calls;
            std::thread([&] { calls.post([ran] { ++*ran; }); }).join();
        }
        QCoreApplication::processEvents();
        QTest::qWait(50);
        QCOMPARE(*ran, 0);
        QCOMPARE(ran.use_count(), 1L); // the dropped call was freed
    }
};

QTEST_GUILESS_MAIN(TestPostedCalls)
#include "tst_postedcalls.moc"
