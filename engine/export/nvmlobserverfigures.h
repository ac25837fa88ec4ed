#pragma once

#include "model/result.h"

#include <vector>

namespace tb {

// A figure of a result under the name Kernel Tuner's NVMLObserver gives it, so that a Kernel
// Tuner user's metrics (e.g. GFLOP/J = gflop / nvml_energy) read a Tunebench export as their own.
struct NvmlObserverFigure
{
    const char *name; // "nvml_energy", "nvml_power" or "core_freq"
    double value;     // in the unit Kernel Tuner uses for it
    const char *unit; // "J", "W" or "MHz"
};

// The energy per launch (J), average power (W) and NVML's SM clock (MHz) the result has, in
// that order; a figure it lacks (no energy run, no NVML) is left out, never written as zero.
std::vector<NvmlObserverFigure> nvmlObserverFigures(const Result &result);

} // namespace tb
