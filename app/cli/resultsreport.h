#pragma once

#include "model/spec.h"
#include "storage/store.h"

#include <string>
#include <vector>

namespace tb {

// The top `count` ok results of each problem size, best first under the spec's objective,
// followed by a count of each failure status. What `tune` prints at the end and `show` prints.
std::string renderTopResults(const Spec &spec, const std::vector<StoredResult> &results,
                             std::size_t count);

// Every result of a run, in the store's order: `show --all`.
std::string renderAllResults(const Spec &spec, const std::vector<StoredResult> &results);

} // namespace tb
