#pragma once

#include <optional>
#include <string_view>

namespace tb {

// How one configuration ended. Every configuration ends in exactly one of these; failures are
// results, not errors.
enum class ResultStatus
{
    Ok,
    CompileError,
    InvalidLaunch,
    RuntimeError,
    Timeout,
    WrongResult,
    WorkerCrashed,
    SkippedByConstraint,
};

// Stable snake_case names used in the store, the protocol and exports.
std::string_view toString(ResultStatus status);
std::optional<ResultStatus> resultStatusFromString(std::string_view text);

} // namespace tb
