#pragma once

#include <optional>
#include <string_view>

namespace tb {

// Where a stored run stands. The names are what the store writes in runs.state (and what
// `inspect` and the exports show): stable.
enum class RunState
{
    Running,     // "running": being written, or resumed
    Finished,    // "finished": every planned round done
    Stopped,     // "stopped": ended early by the user or a budget
    Failed,      // "failed": ended by an error
    Interrupted, // "interrupted": never stored; a "running" run whose writer is gone reads so
    Unknown,     // "unknown": never stored; a state text this version does not know reads so
};

std::string_view toString(RunState state);
std::optional<RunState> runStateFromString(std::string_view text);

} // namespace tb
