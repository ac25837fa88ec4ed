#pragma once

#include <span>
#include <string>

namespace tb {

// Whether a configuration's process rounds disagree beyond the spec's target
// (measurement.target_relative_half_width): the spread of their medians (highest - lowest) is
// more than `agreeWithin` of the median of those medians. The rule by which RoundPlan measures a
// finalist in more rounds (up to max_process_rounds), and by which the workbench flags a result
// whose rounds never agreed: its time depends on the process that measured it. False for fewer
// than two medians.
bool roundsDisagree(std::span<const double> medians, double agreeWithin);

// "its 3 process rounds disagree by 5.6%, beyond the 1% target: ..." for such a result; empty
// when they agree.
std::string roundsDisagreementCaveat(std::span<const double> medians, double agreeWithin);

} // namespace tb
