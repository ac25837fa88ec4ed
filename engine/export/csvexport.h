#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// Every result, one row each, in the given order, with every figure stored for it. Columns:
// status, the parameters, the size variables, median_s, min_s, mean_s, stddev_s (seconds),
// samples, timer (the clock that measured), the derived metrics (the spec's, then any other a
// result carries, by name), the backend figures any result carries, named with their unit
// (figurecolumns.h: registers_per_thread, spill_stores_bytes, occupancy_fraction,
// sm_clock_mhz, ...), compile_s, cached_build (1 when the binary came from the build cache),
// caveats (measurementCaveats(), one sentence each), message. RFC 4180 quoting (a field with
// a comma, quote, CR or LF is quoted, quotes doubled); rows end in "\n". Cells with no value
// are empty: the timings of a result without samples, a metric or figure a result lacks or
// that is not finite.
Expected<std::string> exportCsv(const Spec &spec, const std::vector<StoredResult> &results);

// One field as it appears in a CSV row.
std::string csvField(const std::string &text);

} // namespace tb
