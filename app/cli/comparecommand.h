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
};

// `tunebench-cli compare RUN_A RUN_B`: the configurations both runs measured, side by side, per
// problem size: each one's median in both, the change, whether the best differs, and how far
// the medians moved overall. For the same spec tuned twice (run to run), or a changed kernel,
// driver or GPU against a baseline.
int runCompare(const CliContext &context, const CompareOptions &options);

} // namespace tb
