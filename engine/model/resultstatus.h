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
    // The reference configuration could not give the outputs to verify against (it failed to
    // build or run, crashed or hung its worker): a verdict on the problem size, not on the
    // configuration the job was for. Never stored as a configuration's result: the session
    // stops the size and leaves its configurations unmeasured.
    ReferenceFailed,
};

// Stable snake_case names used in the store, the protocol and exports.
std::string_view toString(ResultStatus status);
std::optional<ResultStatus> resultStatusFromString(std::string_view text);

} // namespace tb
