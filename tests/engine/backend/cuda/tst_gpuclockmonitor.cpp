#include "backend/cuda/gpuclockmonitor.h"
#include "backend/cuda/throttlereasons.h"

#include <QTest>

using namespace tb;

class TestGpuClockMonitor : public QObject
{
    Q_OBJECT

private slots:
    void onlySlowdownsCountAsThrottled()
    {
        QVERIFY(!isThrottled(0));
        QVERIFY(!isThrottled(throttle::kGpuIdle));
        QVERIFY(!isThrottled(throttle::kApplicationsClocksSetting | throttle::kSyncBoost |
                             throttle::kDisplayClockSetting));
        for (std::uint64_t bit :
             {throttle::kSwPowerCap, throttle::kHwSlowdown, throttle::kSwThermalSlowdown,
              throttle::kHwThermalSlowdown, throttle::kHwPowerBrakeSlowdown})
            QVERIFY(isThrottled(bit | throttle::kGpuIdle));
    }

    void namesTheReasons()
    {
        QCOMPARE(describeThrottleReasons(0), std::string("none"));
        QCOMPARE(describeThrottleReasons(throttle::kSwPowerCap | throttle::kHwThermalSlowdown),
                 std::string("sw_power_cap, hw_thermal_slowdown"));
        QCOMPARE(describeThrottleReasons(0x1000 | throttle::kGpuIdle),
                 std::string("gpu_idle, 0x1000"));
    }

    void recordsClockAndReasonsIntoTheResult()
    {
        Result result;
        const ClockState before{true, 1980, throttle::kGpuIdle};
        const ClockState after{true, 1755, throttle::kSwPowerCap};
        GpuClockMonitor::record(result, before, after);
        QCOMPARE(result.resources.at("sm_clock_mhz"), 1755.0);
        QCOMPARE(result.resources.at("throttle_reasons"),
                 static_cast<double>(throttle::kGpuIdle | throttle::kSwPowerCap));
        QCOMPARE(result.resources.at("throttled"), 1.0);

        Result steady;
        GpuClockMonitor::record(steady, {true, 1980, 0}, {true, 1980, 0});
        QCOMPARE(steady.resources.at("throttled"), 0.0);
        QCOMPARE(steady.resources.at("throttle_reasons"), 0.0);
    }

    void recordsNothingWithoutNvml()
    {
        Result result;
        GpuClockMonitor::record(result, {}, {});
        QVERIFY(result.resources.empty());
        const GpuClockMonitor none;
        QVERIFY(!none.available());
        QVERIFY(!none.sample().valid);
    }

    void aMissingNvmlIsReported()
    {
        if (NvmlLibrary::load())
            QSKIP("NVML is installed here");
        std::string why;
        const GpuClockMonitor monitor = GpuClockMonitor::open("0000:00:00.0", &why);
        QVERIFY(!monitor.available());
        QVERIFY2(why.find("NVML") != std::string::npos, why.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGpuClockMonitor)
#include "tst_gpuclockmonitor.moc"
