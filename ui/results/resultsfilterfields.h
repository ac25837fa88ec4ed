#pragma once

#include "resultsfilterquery.h"

namespace tb {

class ResultsModel;

// The fields of one ResultsModel row that the filter compares by name (ResultsFilterQuery):
// `status` (the state's name), a problem-size variable (from the row's size label, "N=256"),
// and every numeric column by its name: a parameter, a metric, or "median", "min", "stddev",
// "samples", "registers", "spills", "shared_memory" (or "shared"), "occupancy", "pct_of_best"
// ("best"), "pct_of_peak" ("peak"), "ci_half" ("ci"). Names are whole and case-insensitive; a
// number is the one the table sorts by (seconds, fractions), so the filter and the sort agree.
ResultsFilterQuery::Field filterField(const ResultsModel &model, int row, const QString &name);

// The text plain filter words are looked for in: the row's state, size, config and message.
QString filterText(const ResultsModel &model, int row);

} // namespace tb
