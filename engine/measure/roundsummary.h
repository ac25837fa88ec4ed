#pragma once

#include "model/result.h"

#include <span>

namespace tb {

// One summary for a configuration measured in several rounds, each in fresh worker processes
// (measurement.process_rounds). A GPU can run the same kernel a few percent slower for the whole
// life of one process (bench/results/cuda_placement.md), which no number of samples inside that
// process reveals; only the rounds' disagreement does.
// - median: the median of the rounds' medians (a round in an odd process state cannot move it
//   with three rounds or more);
// - min, count, mean, stddev: of all the rounds' samples together (stddev pooled, the spread
//   between the rounds' means included);
// - relativeHalfWidth: half the spread of the rounds' medians relative to the median, or the
//   rounds' median own half-width when that is larger: the uncertainty a reader should assume.
// No rounds give summarize()'s empty summary; one round gives itself.
SampleSummary combineRounds(std::span<const SampleSummary> rounds);

// (largest - smallest) / reference: how far apart the rounds' medians are, as a fraction of
// `reference` (their combined median). 0 for fewer than two values or a zero reference.
double relativeSpread(std::span<const double> values, double reference);

} // namespace tb
