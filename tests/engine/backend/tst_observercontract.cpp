// Every MeasurementObserver is held to the door's contract (measurementobserver.h): it
// declares only figures resultFigures() knows, writes no other key, leaves figures it does not
// own alone, and survives being asked again. Each real observer is run here as it is built.
#include "backend/cpu/hostloadobserver.h"
#include "measure/measurementobservers.h"
#include "model/resultfigure.h"
#ifdef TB_HAVE_CUDA_BACKEND
#include "backend/cuda/gpuclockmonitor.h"
#endif

#include <QTest>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

using namespace tb;

namespace {

constexpr char kForeignFigure[] = "registers"; // owned by the compiler's report, not observers

bool declaresKey(const MeasurementObserver &observer, const std::string &key)
{
    const auto keys = observer.figureKeys();
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// The keys one before/after cycle added, after a short wait (so a load or clock can be read).
Result observeOnce(MeasurementObserver &observer)
{
    Result result;
    result.resources[kForeignFigure] = 42;
    observer.beforeMeasurement();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    observer.afterMeasurement(result);
    return result;
}

void checkContract(MeasurementObserver &observer)
{
    QVERIFY(!observer.figureKeys().empty());
    for (const std::string_view key : observer.figureKeys())
        QVERIFY2(findResultFigure(key).has_value(), std::string(key).c_str());
    for (int round = 0; round < 2; ++round) {
        const Result result = observeOnce(observer);
        QCOMPARE(result.resources.at(kForeignFigure), 42.0);
        for (const auto &[key, value] : result.resources)
            if (key != kForeignFigure)
                QVERIFY2(declaresKey(observer, key), key.c_str());
    }
}

// Fake for this test only: records the order it was called in and what it saw.
class RecordingObserver : public MeasurementObserver
{
public:
    RecordingObserver(std::string key, std::string *log) : m_key(std::move(key)), m_log(log) {}
    std::span<const std::string_view> figureKeys() const override { return {}; }
    void beforeMeasurement() override { *m_log += "before " + m_key + ";"; }
    void afterMeasurement(Result &result) override
    {
        *m_log += "after " + m_key + " seeing " + std::to_string(result.resources.size()) + ";";
        result.resources[m_key] = 1;
    }

private:
    std::string m_key;
    std::string *m_log;
};

} // namespace

class TestObserverContract : public QObject
{
    Q_OBJECT

private slots:
    void hostLoadKeepsTheContract()
    {
        HostLoadObserver observer;
        checkContract(observer);
        // Linux has /proc: once the observer has readings 100 ms old, a 20 ms measurement gets
        // the machine's load over them, a number of CPUs; the thread's own wait, a share.
        std::this_thread::sleep_for(std::chrono::milliseconds(120));
        const Result result = observeOnce(observer);
        QVERIFY(result.resources.contains(figures::kOtherCpuLoad));
        QVERIFY(result.resources.at(figures::kOtherCpuLoad) >= 0);
        QVERIFY(result.resources.contains(figures::kCpuWait));
        QVERIFY(result.resources.at(figures::kCpuWait) >= 0 &&
                result.resources.at(figures::kCpuWait) <= 1);
    }

#ifdef TB_HAVE_CUDA_BACKEND
    void gpuClocksKeepTheContract()
    {
        // Without a GPU (CI) NVML is absent: the monitor writes nothing; on the GPU machine it
        // writes its three figures. Both are held to the same contract.
        std::string why;
        GpuClockMonitor monitor = GpuClockMonitor::open("0000:00:00.0", &why);
        checkContract(monitor);
    }
#endif

    void observersAreCalledInTheOrderAdded()
    {
        std::string log;
        MeasurementObservers observers;
        QVERIFY(observers.empty());
        observers.add(std::make_unique<RecordingObserver>("a", &log));
        observers.add(nullptr); // ignored
        observers.add(std::make_unique<RecordingObserver>("b", &log));
        Result result;
        observers.beforeMeasurement();
        observers.afterMeasurement(result);
        QCOMPARE(log, std::string("before a;before b;after a seeing 0;after b seeing 1;"));
    }
};

QTEST_GUILESS_MAIN(TestObserverContract)
#include "tst_observercontract.moc"
