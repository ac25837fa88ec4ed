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

} // namespace

// Events made for one run and destroyed with it.
class EnergyRun::RunEvents
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

// Where a run stands: batches queued and done, and the counter as last polled.
struct EnergyRun::Progress
{
    EnergyWindow window{1};
    std::uint64_t queued = 0;   // batches enqueued
    std::uint64_t finished = 0; // batches the GPU completed
    Clock::time_point start = Clock::now();
    double lastPoll = 0;
    double lastStep = 0; // when the counter last moved
    std::uint64_t lastCounter = 0;
};

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
    if (CudaStatus recorded = record(events.start()); !recorded)
        return recorded;
    Progress progress;
    while (progress.window.spanSeconds() < seconds) {
        if (CudaStatus queued = keepTwoQueued(kernel, batch, events, progress); !queued)
            return queued;
        *why = pollCounter(progress);
        if (!why->empty()) // the GPU's queued work still ends before the next job's
            return m_driver.check(m_driver.streamSynchronize(m_stream), "cuStreamSynchronize");
        if (CudaStatus waited = awaitOldest(events, progress); !waited)
            return waited;
    }
    float milliseconds = 0;
    if (CudaStatus ended = finish(events, milliseconds); !ended)
        return ended;
    reading.launches = progress.queued * batch;
    reading.launchSeconds = milliseconds / 1000.0 / static_cast<double>(reading.launches);
    reading.watts = progress.window.averageWatts().value_or(0);
    reading.joulesPerLaunch = reading.watts * reading.launchSeconds;
    reading.relativeUncertainty = progress.window.relativeUncertainty().value_or(1.0);
    reading.windowSeconds = progress.window.spanSeconds();
    return {};
}

CudaStatus EnergyRun::record(CUevent event)
{
    return m_driver.check(m_driver.eventRecord(event, m_stream), "cuEventRecord");
}

// Two batches in the stream, so that the GPU never waits for the host while it polls.
CudaStatus EnergyRun::keepTwoQueued(const KernelLaunch &kernel, std::uint64_t batch,
                                    const RunEvents &events, Progress &progress)
{
    while (progress.queued < progress.finished + 2) {
        for (std::uint64_t i = 0; i < batch; ++i)
            if (CudaStatus launched = kernel.launch(m_driver, m_stream); !launched)
                return launched;
        if (CudaStatus recorded = record(events.batch(progress.queued)); !recorded)
            return recorded;
        ++progress.queued;
    }
    return {};
}

// Reads the counter into the window; why the run must give up, or "".
std::string EnergyRun::pollCounter(Progress &progress)
{
    const auto counter = m_meter.millijoules();
    const double now = secondsSince(progress.start);
    if (!counter)
        return "NVML stopped answering for the energy counter";
    progress.window.observe(now, *counter, now - progress.lastPoll);
    progress.lastPoll = now;
    if (*counter != progress.lastCounter) {
        progress.lastCounter = *counter;
        progress.lastStep = now;
    }
    if (now - progress.lastStep > kStepTimeoutSeconds)
        return "NVML's energy counter did not move in " + std::to_string(int(kStepTimeoutSeconds)) +
               " s of load";
    return {};
}

// Counts the oldest batch done when it is; else pauses briefly before the next poll.
CudaStatus EnergyRun::awaitOldest(const RunEvents &events, Progress &progress)
{
    const CUresult done = m_driver.eventQuery(events.batch(progress.finished));
    if (done == CUDA_SUCCESS)
        ++progress.finished;
    else if (done != CUDA_ERROR_NOT_READY)
        return m_driver.check(done, "cuEventQuery");
    else
        std::this_thread::sleep_for(kPollPause);
    return {};
}

// Ends the run: the GPU's time from its first launch to its last.
CudaStatus EnergyRun::finish(const RunEvents &events, float &milliseconds)
{
    if (CudaStatus recorded = record(events.stop()); !recorded)
        return recorded;
    if (CudaStatus synced =
            m_driver.check(m_driver.streamSynchronize(m_stream), "cuStreamSynchronize");
        !synced)
        return synced;
    return m_driver.check(m_driver.eventElapsedTime(&milliseconds, events.start(), events.stop()),
                          "cuEventElapsedTime");
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
