// CpuWait: the calling thread's run-queue wait (/proc/thread-self/schedstat) as a share of a
// window, on written text and on the kernel's own figures for a thread made to share its CPU
// with a spinning one.
#include "backend/cpu/cpuwait.h"

#include <QFile>
#include <QTest>

#include <atomic>
#include <chrono>
#include <pthread.h>
#include <sched.h>
#include <thread>

using namespace tb;

namespace {

// Pins `thread` to CPU 0; false where the machine refuses.
bool pinToFirstCpu(pthread_t thread)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    return pthread_setaffinity_np(thread, sizeof one, &one) == 0;
}

} // namespace

class TestCpuWait : public QObject
{
    Q_OBJECT

private slots:
    void theShareIsTheWaitOverTheWindow()
    {
        const auto start = CpuWait::parse("5000000 2000000 7\n", 1.0);
        const auto end = CpuWait::parse("9000000 52000000 9\n", 1.1); // waited 50 of 100 ms
        QVERIFY(start && end);
        QVERIFY(qAbs(end->shareSince(*start) - 0.5) < 1e-9);
        QCOMPARE(start->shareSince(*start), 0.0); // no time passed
        QVERIFY(!CpuWait::parse("", 0));
        QVERIFY(!CpuWait::parse("12", 0));
        QVERIFY(!CpuWait::parse("a b c", 0));
    }

    // Sharing one CPU with a spinning thread, a spinning thread waits about half the time.
    // Without schedstat, read() says so (nullopt).
    void aThreadSharingItsCpuWaits()
    {
        if (!QFile::exists("/proc/thread-self/schedstat")) {
            QVERIFY(!CpuWait::read());
            return;
        }
        cpu_set_t before;
        QCOMPARE(pthread_getaffinity_np(pthread_self(), sizeof before, &before), 0);
        std::atomic<bool> spin{true};
        std::thread rival([&spin] {
            while (spin.load(std::memory_order_relaxed)) {
            }
        });
        QVERIFY(pinToFirstCpu(rival.native_handle()));
        QVERIFY(pinToFirstCpu(pthread_self()));
        const auto start = CpuWait::read();
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
        while (std::chrono::steady_clock::now() < until) {
        }
        const auto end = CpuWait::read();
        spin = false;
        rival.join();
        pthread_setaffinity_np(pthread_self(), sizeof before, &before);
        QVERIFY(start && end);
        const double share = end->shareSince(*start);
        QVERIFY2(share > 0.2, qPrintable(QString::number(share)));
    }
};

QTEST_GUILESS_MAIN(TestCpuWait)
#include "tst_cpuwait.moc"
