#pragma once

#include "model/result.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <optional>
#include <vector>

namespace tb {

// The value the spec's objective ranks by: the median time for "time", the energy per launch for
// "energy", their product for "edp", else the derived metric of that name. NaN when the result
// lacks it.
double objectiveValue(const Spec &spec, const Result &result);
// The relative uncertainty of objectiveValue(): the median's half-width for the time and the
// metrics (they scale with it), the energy's for "energy", their sum for "edp". Unbounded
// (kUnboundedRelativeHalfWidth) when the result lacks it.
double objectiveUncertainty(const Spec &spec, const Result &result);
// The same for an objective known by its metric's name alone (the workbench's outline).
double objectiveUncertainty(const std::string &objectiveMetric, const Result &result);

// The best ok result of each problem size under the spec's objective (minimize or maximize),
// indexed by size; nullopt where no ok result has an objective value. Ties keep the earlier
// result. Results whose sizeIndex is outside the spec's sizes are ignored.
std::vector<std::optional<StoredResult>> bestPerSize(const Spec &spec,
                                                     const std::vector<StoredResult> &results);

// How many problem sizes the spec has (a spec without sizes has one, with no size variables).
std::size_t problemSizeCount(const Spec &spec);

} // namespace tb
