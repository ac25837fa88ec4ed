#include "runstate.h"

#include <array>
#include <utility>

namespace tb {

namespace {
constexpr std::array<std::pair<RunState, std::string_view>, 6> kNames{{
    {RunState::Running, "running"},
    {RunState::Finished, "finished"},
    {RunState::Stopped, "stopped"},
    {RunState::Failed, "failed"},
    {RunState::Interrupted, "interrupted"},
    {RunState::Unknown, "unknown"},
}};
} // namespace

std::string_view toString(RunState state)
{
    for (const auto &[value, name] : kNames) {
        if (value == state)
            return name;
    }
    return "unknown";
}

std::optional<RunState> runStateFromString(std::string_view text)
{
    for (const auto &[value, name] : kNames) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

} // namespace tb
