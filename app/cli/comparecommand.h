#pragma once

#include "clicontext.h"

#include <cstddef>
#include <cstdint>

namespace tb {

struct CompareOptions
{
    std::int64_t runA = 0; // the baseline
    std::int64_t runB = 0;
    std::size_t top = 10;          // rows per problem size, in run A's ranking
    double thresholdPercent = 0.5; // changes beyond it are marked and counted
    // The cross-device section (each size's winner in each run, and what it costs in the
    // other) even where both runs name the same device: two drivers, two dates.
    bool crossDevice = false;
};

// `tunebench-cli compare RUN_A RUN_B`: the configurations both runs measured, side by side, per
// problem size: each one's median in both, the change, whether the best differs, and how far
// the medians moved overall. For the same spec tuned twice (run to run), or a changed kernel,
// driver or GPU against a baseline. Runs on different devices (imported ones included) get a
// cross-device section: each size's winner on each, and its cost on the other.
int runCompare(const CliContext &context, const CompareOptions &options);

} // namespace tb
