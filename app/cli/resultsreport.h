#pragma once

#include "model/spec.h"
#include "storage/store.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The top `count` ok results of each problem size, best first under the spec's objective,
// followed by a count of each failure status with its most common cause (FailureSummary) and,
// for results measured in several rounds, their rounds, and the best's share of the device's
// peak where the spec has a rate metric and the run a peak (`peaks`: the run's effective peaks;
// none: the spec's alone). What `tune` prints at the end and `show` prints.
std::string renderTopResults(const Spec &spec, const std::vector<StoredResult> &results,
                             std::size_t count, const std::vector<StoredRound> &rounds = {},
                             const std::optional<DevicePeaks> &peaks = std::nullopt);

// "1979.4-1994.6 MHz (NVML: 1980-1980 MHz)": the SM clock the GPU's own timer saw over the
// results (CUDA ones carry it), against NVML's; empty when none carries it.
std::string clockRangeText(const std::vector<StoredResult> &results);

// Every result of a run, in the store's order: `show --all`.
std::string renderAllResults(const Spec &spec, const std::vector<StoredResult> &results);

} // namespace tb
