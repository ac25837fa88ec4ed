#pragma once

#include <string_view>

namespace tb {

// Plain advice for a failure whose words are the driver's or the compiler's: the CUDA driver's
// error names (CUDA_ERROR_ILLEGAL_ADDRESS says where, not why), ptxas's and NVRTC's
// diagnostics, and Tunebench's own launch checks. Matched on the message's text, not on a
// status, so a stored result of an older run gets its hint too. Empty when none applies. The
// failure summary (FailureSummary), `show`, the result's tooltip and details all use this one
// table.
std::string_view failureHint(std::string_view message);

} // namespace tb
