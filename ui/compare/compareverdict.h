#pragma once

#include "compareentry.h"

#include <QString>

namespace tb {

// Whether the time difference between a result and the baseline is real: the faster one's lead
// against both medians' confidence half-widths and any SM clock step between them
// (WinnerMargin, the same test as the Results page's winner line and the CLI's best/tie line).
// Compares median kernel times, which every result has whatever its spec's objective. Empty
// "B: 14.22% faster than the baseline (median -12.45%), beyond ...": the lead in the words of a
// verdict, then the change of the median as the table states it (relativeChange()). Empty
// when either has no usable time (a failure, no samples); a note instead of a verdict when the
// two ran different problem sizes.
QString compareVerdict(const CompareEntry &baseline, const CompareEntry &other);

} // namespace tb
