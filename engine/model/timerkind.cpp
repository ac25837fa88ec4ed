#include "timerkind.h"

#include <array>
#include <utility>

namespace tb {

namespace {
constexpr std::array<std::pair<TimerKind, std::string_view>, 4> kNames{{
    {TimerKind::None, "none"},
    {TimerKind::SteadyClock, "steady_clock"},
    {TimerKind::Cupti, "cupti"},
    {TimerKind::CudaEvents, "cuda_events"},
}};
} // namespace

std::string_view toString(TimerKind timer)
{
    for (const auto &[value, name] : kNames) {
        if (value == timer)
            return name;
    }
    return "unknown";
}

std::optional<TimerKind> timerKindFromString(std::string_view text)
{
    for (const auto &[value, name] : kNames) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

} // namespace tb
