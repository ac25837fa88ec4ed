#pragma once

#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// `tunebench-cli show RUN --pareto`: each problem size's time-energy front (analysis/
// energyfront.h), fastest first, with each point's energy, power and SM clock, then what the
// most frugal point saves against the fastest and what it costs in time. Empty when no result
// of the run has an energy figure.
std::string renderEnergyFront(const Spec &spec, const std::vector<StoredResult> &results);

} // namespace tb
