#pragma once

#include "model/spec.h"

#include <optional>
#include <string>

namespace tb {

// What in a spec needs the energy per launch, and where: the objective "energy" or "edp", or a
// derived metric that reads `energy` (GFLOP/J). The first found; nullopt when nothing does.
struct EnergyUse
{
    std::string path; // JSON pointer: "/objective/metric", "/metrics/1/expression"
    std::string what; // "the objective 'energy'", "metric 'GFLOP/J'"
};
std::optional<EnergyUse> energyUse(const Spec &spec);

// The energy run a spec that needs energy gets when it sets no measurement.energy_seconds:
// run to run within 1.1%, and within 1.3% of nvidia-smi, on an H200 (bench/results/energy.md).
inline constexpr double kDefaultEnergySeconds = 2.0;

} // namespace tb
