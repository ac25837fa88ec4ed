#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// Every result, one row each, in the given order. Columns: status, the parameters, the size
// variables, median, min, mean, stddev (seconds), samples, the derived metrics (the spec's, then
// any other a result carries, by name), message. RFC 4180 quoting (a field with a comma, quote,
// CR or LF is quoted, quotes doubled); rows end in "\n". Cells with no value are empty: the
// timings of a result without samples, a metric a result lacks or that is not finite.
Expected<std::string> exportCsv(const Spec &spec, const std::vector<StoredResult> &results);

// One field as it appears in a CSV row.
std::string csvField(const std::string &text);

} // namespace tb
