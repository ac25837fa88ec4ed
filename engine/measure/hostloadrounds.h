#pragma once

#include "model/result.h"

#include <span>

namespace tb {

// How busy the machine was across a finalist's process rounds: `other_cpu_load`,
// `cpu_pressure` and `cpu_wait` become the highest any round read. The combined median is the
// median of the rounds' medians, which one busy round can move, so a caveat any round earned stays
// on it. A figure no round has is left as `combined` had it.
void combineHostLoadRounds(std::span<const Result *const> rounds, Result &combined);

} // namespace tb
