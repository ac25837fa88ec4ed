#pragma once

#include <optional>
#include <string_view>

namespace tb {

// Which clock timed a result. The names are Result::timer's text, stored and exported as is;
// a result imported from another tool names that tool's timer instead (importedresult.h), so
// Result keeps the text and Tunebench's own backends name theirs through this enum.
enum class TimerKind
{
    None,        // "none": a compile worker's result, nothing measured
    SteadyClock, // "steady_clock": the CPU backend's std::chrono::steady_clock
    Cupti,       // "cupti": CUPTI kernel activity records
    CudaEvents,  // "cuda_events": CUDA events around the launches, where CUPTI is unavailable
};

std::string_view toString(TimerKind timer);
std::optional<TimerKind> timerKindFromString(std::string_view text);

} // namespace tb
