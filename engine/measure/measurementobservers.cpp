#include "measurementobservers.h"

namespace tb {

void MeasurementObservers::add(std::unique_ptr<MeasurementObserver> observer)
{
    if (observer)
        m_observers.push_back(std::move(observer));
}

void MeasurementObservers::beforeMeasurement()
{
    for (const auto &observer : m_observers)
        observer->beforeMeasurement();
}

void MeasurementObservers::afterMeasurement(Result &result)
{
    for (const auto &observer : m_observers)
        observer->afterMeasurement(result);
}

} // namespace tb
