#pragma once

#include "model/spec.h"
#include "storage/store.h"

#include <string>
#include <vector>

namespace tb {

// `show RUN --config KEY`: every stored result of one configuration (one per problem size):
// its status and message, timing, resources and metrics; with `withLog`, the compiler's whole
// log, which a result's message cuts to its first error. "" when the run has no such key.
std::string renderConfigDetails(const Spec &spec, const std::vector<StoredResult> &results,
                                const std::string &configKey, bool withLog);

} // namespace tb
