#pragma once

#include "cpupressure.h"
#include "cpuwait.h"
#include "hostload.h"
#include "measure/measurementobserver.h"

#include <optional>

namespace tb {

// The CPU backend's observer: how many CPUs other processes kept busy while a configuration
// was measured ("other_cpu_load"), which a memory-bound kernel timed meanwhile feels, and how
// much of that time some task waited for a CPU ("cpu_pressure"), which any kernel feels, and how
// much of it the measuring thread itself waited for its CPU ("cpu_wait"), which its samples show.
class HostLoadObserver : public MeasurementObserver
{
public:
    std::span<const std::string_view> figureKeys() const override;
    void beforeMeasurement() override;
    // Each figure only where /proc gave it at both ends.
    void afterMeasurement(Result &result) override;

private:
    std::optional<HostLoad> m_before;
    std::optional<CpuPressure> m_pressureBefore;
    std::optional<CpuWait> m_waitBefore;
};

} // namespace tb
