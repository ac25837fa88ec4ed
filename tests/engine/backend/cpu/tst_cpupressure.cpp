// CpuPressure: the "some" line of /proc/pressure/cpu read as the share of a window during which
// some task waited for a CPU, on the kernel's own file (a machine made busier than its CPUs by
// spinning threads) and on written text for the edge cases.
#include "backend/cpu/cpupressure.h"

#include <QFile>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace tb;

namespace {

// The kernel's format: avg10/avg60/avg300 in per cent, total in microseconds.
std::string someLine(double avg10, long long totalMicros)
{
    return "some avg10=" + std::to_string(avg10) +
           " avg60=0.00 avg300=0.00 total=" + std::to_string(totalMicros) +
           "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
}

} // namespace

class TestCpuPressure : public QObject
{
    Q_OBJECT

private slots:
    void theShareOfAWindowIsItsStalledTime()
    {
        const auto start = CpuPressure::parse(someLine(3.0, 1'000'000), 10.0);
        const auto end = CpuPressure::parse(someLine(3.0, 1'075'000), 10.1);
        QVERIFY(start && end);
        QVERIFY(qAbs(end->shareSince(*start).value_or(-1) - 0.75) < 1e-9); // 75 ms of 100 ms
        // PSI's sum over CPUs can pass the window slightly: a share, at most 1.
        const auto over = CpuPressure::parse(someLine(3.0, 1'119'000), 10.1);
        QCOMPARE(over->shareSince(*start), std::optional<double>(1.0));
    }

    // Below what PSI resolves (a 1 ms window read 0 on a saturated machine) there is no share,
    // not the ten-second average, which still read busy after a load had ended.
    void aShortWindowHasNoShare()
    {
        const auto start = CpuPressure::parse(someLine(0.0, 1'000'000), 10.0);
        const auto end = CpuPressure::parse(someLine(62.5, 1'000'000), 10.001);
        QVERIFY(start && end);
        QCOMPARE(end->shareSince(*start), std::nullopt);
    }

    void textWithoutASomeLineIsNone()
    {
        QVERIFY(!CpuPressure::parse("", 0));
        QVERIFY(!CpuPressure::parse("full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", 0));
        QVERIFY(!CpuPressure::parse("some avg10=1.00 total=abc\n", 0));
        QVERIFY(!CpuPressure::parse("some avg10=1.00 avg60=0.00\n", 0));
    }

    // The real file, where the kernel keeps one: a machine given more spinning threads than it
    // has CPUs has a task waiting nearly all the time. Without PSI, read() says so (nullopt).
    void aSaturatedMachineReadsBusy()
    {
        if (!QFile::exists("/proc/pressure/cpu")) {
            QVERIFY(!CpuPressure::read());
            return;
        }
        const auto start = CpuPressure::read();
        QVERIFY(start);
        std::atomic<bool> spin{true};
        std::vector<std::thread> threads;
        for (int i = 0; i < QThread::idealThreadCount() + 2; ++i)
            threads.emplace_back([&spin] {
                while (spin.load(std::memory_order_relaxed)) {
                }
            });
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const auto end = CpuPressure::read();
        spin = false;
        for (auto &thread : threads)
            thread.join();
        QVERIFY(end);
        const double share = end->shareSince(*start).value_or(-1);
        QVERIFY2(share > 0.5, qPrintable(QString::number(share)));
    }
};

QTEST_GUILESS_MAIN(TestCpuPressure)
#include "tst_cpupressure.moc"
