#include "energyrun.h"

#include "cudadriver.h"
#include "energymeter.h"
#include "measure/energywindow.h"
#include "model/resultfigure.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <thread>

namespace tb {

namespace {

using Clock = std::chrono::steady_clock;

// A batch keeps the GPU busy this long, so that two queued cover the host's polling.
constexpr double kBatchSeconds = 0.005;
constexpr std::uint64_t kMaxBatch = 100000;
// The H200's counter steps every ~100 ms: no step for this long means it does not move.
constexpr double kStepTimeoutSeconds = 2.0;
constexpr auto kPollPause = std::chrono::microseconds(200);

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Events made for one run and destroyed with it.
class RunEvents
{
public:
    explicit RunEvents(const CudaDriver &driver) : m_driver(driver) {}
    RunEvents(const RunEvents &) = delete;
    RunEvents &operator=(const RunEvents &) = delete;
    ~RunEvents()
    {
        for (CUevent event : m_events)
            if (event)
                m_driver.eventDestroy(event);
    }
    CudaStatus create()
    {
        for (CUevent &event : m_events)
            if (CudaStatus made =
                    m_driver.check(m_driver.eventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
                !made)
                return made;
        return {};
    }
    CUevent start() const { return m_events[0]; }
    CUevent stop() const { return m_events[1]; }
    CUevent batch(std::uint64_t k) const { return m_events[2 + k % 2]; }

private:
    const CudaDriver &m_driver;
    std::array<CUevent, 4> m_events{};
};

} // namespace

EnergyRun::EnergyRun(const CudaDriver &driver, CUstream stream, const EnergyMeter &meter)
    : m_driver(driver), m_stream(stream), m_meter(meter)
{}

CudaStatus EnergyRun::measure(const KernelLaunch &kernel, double launchSeconds, double seconds,
                              EnergyReading &reading, std::string *why)
{
    RunEvents events(m_driver);
    if (CudaStatus made = events.create(); !made)
        return made;
    const auto batch = static_cast<std::uint64_t>(std::clamp(
        std::ceil(kBatchSeconds / std::max(launchSeconds, 1e-9)), 1.0, double(kMaxBatch)));
    const auto enqueue = [&](std::uint64_t k) -> CudaStatus {
        for (std::uint64_t i = 0; i < batch; ++i)
            if (CudaStatus launched = kernel.launch(m_driver, m_stream); !launched)
                return launched;
        return m_driver.check(m_driver.eventRecord(events.batch(k), m_stream), "cuEventRecord");
    };

    EnergyWindow window(1);
    std::uint64_t queued = 0;   // batches enqueued
    std::uint64_t finished = 0; // batches the GPU completed
    if (CudaStatus recorded =
            m_driver.check(m_driver.eventRecord(events.start(), m_stream), "cuEventRecord");
        !recorded)
        return recorded;
    const Clock::time_point start = Clock::now();
    double lastPoll = 0;
    double lastStep = 0;
    std::uint64_t lastCounter = 0;
    while (window.spanSeconds() < seconds) {
        while (queued < finished + 2) {
            if (CudaStatus sent = enqueue(queued); !sent)
                return sent;
            ++queued;
        }
        const auto counter = m_meter.millijoules();
        const double now = secondsSince(start);
        if (!counter) {
            *why = "NVML stopped answering for the energy counter";
            return m_driver.check(m_driver.streamSynchronize(m_stream), "cuStreamSynchronize");
        }
        window.observe(now, *counter, now - lastPoll);
        lastPoll = now;
        if (*counter != lastCounter) {
            lastCounter = *counter;
            lastStep = now;
        }
        if (now - lastStep > kStepTimeoutSeconds) {
            *why = "NVML's energy counter did not move in " +
                   std::to_string(int(kStepTimeoutSeconds)) + " s of load";
            return m_driver.check(m_driver.streamSynchronize(m_stream), "cuStreamSynchronize");
        }
        const CUresult done = m_driver.eventQuery(events.batch(finished));
        if (done == CUDA_SUCCESS)
            ++finished;
        else if (done != CUDA_ERROR_NOT_READY)
            return m_driver.check(done, "cuEventQuery");
        else
            std::this_thread::sleep_for(kPollPause);
    }
    if (CudaStatus recorded =
            m_driver.check(m_driver.eventRecord(events.stop(), m_stream), "cuEventRecord");
        !recorded)
        return recorded;
    if (CudaStatus synced =
            m_driver.check(m_driver.streamSynchronize(m_stream), "cuStreamSynchronize");
        !synced)
        return synced;
    float milliseconds = 0;
    if (CudaStatus timed =
            m_driver.check(m_driver.eventElapsedTime(&milliseconds, events.start(), events.stop()),
                           "cuEventElapsedTime");
        !timed)
        return timed;
    reading.launches = queued * batch;
    reading.launchSeconds = milliseconds / 1000.0 / static_cast<double>(reading.launches);
    reading.watts = window.averageWatts().value_or(0);
    reading.joulesPerLaunch = reading.watts * reading.launchSeconds;
    reading.relativeUncertainty = window.relativeUncertainty().value_or(1.0);
    reading.windowSeconds = window.spanSeconds();
    return {};
}

void EnergyRun::record(Result &result, const EnergyReading &reading)
{
    result.resources[figures::kEnergyJoules] = reading.joulesPerLaunch;
    result.resources[figures::kPowerWatts] = reading.watts;
    result.resources[figures::kEnergyUncertainty] = reading.relativeUncertainty;
    result.resources[figures::kEnergyWindowSeconds] = reading.windowSeconds;
    result.resources[figures::kEnergyLaunchSeconds] = reading.launchSeconds;
}

} // namespace tb
