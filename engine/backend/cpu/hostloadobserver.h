#pragma once

#include "cpupressure.h"
#include "cpuwait.h"
#include "hostload.h"
#include "measure/measurementobserver.h"

#include <deque>
#include <optional>

namespace tb {

// The CPU backend's observer: how many CPUs other processes kept busy around a measurement
// ("other_cpu_load"), which a memory-bound kernel timed meanwhile feels, how much of that time
// some task waited for a CPU ("cpu_pressure"), which any kernel feels, and how much of the
// measurement the measuring thread itself waited for its CPU ("cpu_wait"), which its samples show.
//
// The machine's figures need a window their sources resolve (HostLoad: 100 ms of clock ticks),
// and a microsecond kernel is measured in a few milliseconds. So they cover the measurement
// widened back to the last reading at least that long before its end, where the worker has one
// (its readings start when it does): the load around the measurement, as busy loops that slow a
// kernel run for longer than it is measured.
class HostLoadObserver : public MeasurementObserver
{
public:
    HostLoadObserver();

    std::span<const std::string_view> figureKeys() const override;
    void beforeMeasurement() override;
    // Each figure only where /proc gave it at both ends of a window it resolves.
    void afterMeasurement(Result &result) override;

private:
    struct MachineReading
    {
        double seconds = 0; // monotonic clock
        std::optional<HostLoad> load;
        std::optional<CpuPressure> pressure;
    };

    static MachineReading readMachine();
    // The reading to measure from for a window ending `now`; the history keeps no older one.
    const MachineReading &windowStart(double now);

    std::deque<MachineReading> m_history; // oldest first
    std::optional<CpuWait> m_waitBefore;
};

} // namespace tb
