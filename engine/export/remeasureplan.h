#pragma once

#include "exportcheck.h"
#include "model/expected.h"

#include <vector>

namespace tb {

// How much longer each of verify's extra rounds samples than the export's own measurement: the
// sample and time caps grow this many times per round (4, 16, ...), so the median's interval
// narrows about twice per round where the noise allows it.
inline constexpr int kRemeasureGrowth = 4;
// ... but no configuration samples longer than this in an extra round (or than the spec's own
// cap, where that is longer): each round also measures the verification reference at every
// size, and a GPU spec's 2 s cap grown 16 times would hold a verification for minutes.
inline constexpr double kRemeasureMaxSeconds = 10;

// The plan of verify's extra round `round` (1, 2, ...): `plan` narrowed to the configurations
// `again` (inconclusive or first found SLOWER) and measured longer: max_samples,
// max_seconds_per_config and min_seconds_per_config kRemeasureGrowth^round times the plan's
// (the seconds within kRemeasureMaxSeconds; timeout_seconds longer by as much),
// target_rel_ci at most a quarter of the threshold (two half-widths that small leave room to
// tell a change at the threshold), and no early exit (a configuration in doubt is the one
// to measure fully). Always from the original plan: the rounds do not compound. InvalidSpec
// when the plan's document does not load with those settings; InvalidArgument when `again` is
// empty.
Expected<ExportCheckPlan> remeasurePlan(const ExportCheckPlan &plan,
                                        const std::vector<ShippedConfig> &again, int round,
                                        double thresholdPercent);

} // namespace tb
