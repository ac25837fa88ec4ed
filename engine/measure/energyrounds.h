#pragma once

#include "model/result.h"

#include <span>

namespace tb {

// The energy figures of a finalist measured in several process rounds, as combineRounds() does
// for its time: `energy_j`, `power_w` and `energy_launch_s` become the median of the rounds'
// values, so one round in an odd process state cannot move them; `energy_rel_uncertainty` is
// the larger of the rounds' median uncertainty and half their relative spread. Rounds without
// energy figures are left out; with none, `combined` keeps what it had.
void combineEnergyRounds(std::span<const Result *const> rounds, Result &combined);

} // namespace tb
