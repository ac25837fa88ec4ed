#pragma once

#include "analysis/kernelset.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>

namespace tb {

inline constexpr int kKernelSetFormatVersion = 1;

// A kernel set (kernelset.h) as a versioned JSON document, for `export RUN --format kernelset`:
// {"format": "tunebench-kernelset", "format_version": 1, "tool_version",
//  "spec": {name, objective: {metric, minimize}}, "run": {id, strategy, device},
//  "max_slowdown_pct", "method": "exact" | "greedy", "note" (why greedy, else null),
//  "candidates" (configurations with an ok result), "kernel_count", "worst_slowdown_pct",
//  "kernels": [{kernel, config_key, config, sizes}],
//  "sizes": [{size_index, problem_size, kernel, config_key, objective, median_s,
//             best_config_key, best_objective, slowdown_pct}
//            or {size_index, problem_size, kernel: null, reason}],
//  "unmeasured_pairs": [{config_key, config, size_index, problem_size}],
//  "could_shrink_to" (the set's size if those pairs ran within the tolerance, else null)}.
// Percentages are per cent (2 for 2%); whole numbers are JSON integers; NaN becomes null.
std::string exportKernelSetJson(const Spec &spec, const RunRecord &run, const KernelSet &set,
                                const std::string &toolVersion);

// A few lines for a terminal: how many configurations cover how many sizes, within what, found
// how; and which pairs to measure when that could shrink the set.
std::string describeKernelSet(const Spec &spec, const KernelSet &set);

} // namespace tb
