#pragma once

#include "hostload.h"
#include "measure/measurementobserver.h"

#include <optional>

namespace tb {

// The CPU backend's observer: how many CPUs other processes kept busy while a configuration
// was measured ("other_cpu_load"), which a memory-bound kernel timed meanwhile feels.
class HostLoadObserver : public MeasurementObserver
{
public:
    std::span<const std::string_view> figureKeys() const override;
    void beforeMeasurement() override;
    // Nothing where /proc could not be read at either end.
    void afterMeasurement(Result &result) override;

private:
    std::optional<HostLoad> m_before;
};

} // namespace tb
