#pragma once

#include "model/result.h"

#include <span>
#include <string_view>

namespace tb {

// The door for figures measured around a configuration's timed runs, in the manner of Kernel
// Tuner's observers (observers/observer.py): a backend calls each observer it holds just
// before it measures a configuration and just after, and the observer adds its figures to the
// result. A new source of figures (power, energy) is one observer plus its
// declarations in model/resultfigure.h; the backends' measuring code does not change.
//
// The contract (tst_observercontract holds every implementation to it): every key in
// figureKeys() is declared in resultFigures(), and afterMeasurement() writes no other key.
// An observer that cannot read its source (no NVML, no /proc) writes nothing and throws nothing.
class MeasurementObserver
{
public:
    virtual ~MeasurementObserver() = default;

    // The declared figures this observer may write.
    virtual std::span<const std::string_view> figureKeys() const = 0;

    virtual void beforeMeasurement() = 0;
    // Adds its figures for the measurement since beforeMeasurement() to result.resources.
    virtual void afterMeasurement(Result &result) = 0;
};

} // namespace tb
