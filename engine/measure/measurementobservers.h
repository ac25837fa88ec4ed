#pragma once

#include "measurementobserver.h"

#include <memory>
#include <vector>

namespace tb {

// The observers a backend measures with, called in the order they were added (an observer may
// read a figure an earlier one wrote).
class MeasurementObservers
{
public:
    void add(std::unique_ptr<MeasurementObserver> observer);
    bool empty() const { return m_observers.empty(); }

    void beforeMeasurement();
    void afterMeasurement(Result &result);

private:
    std::vector<std::unique_ptr<MeasurementObserver>> m_observers;
};

} // namespace tb
