#include "resultstatus.h"

#include <array>
#include <utility>

namespace tb {

namespace {
constexpr std::array<std::pair<ResultStatus, std::string_view>, 9> kNames{{
    {ResultStatus::Ok, "ok"},
    {ResultStatus::CompileError, "compile_error"},
    {ResultStatus::InvalidLaunch, "invalid_launch"},
    {ResultStatus::RuntimeError, "runtime_error"},
    {ResultStatus::Timeout, "timeout"},
    {ResultStatus::WrongResult, "wrong_result"},
    {ResultStatus::WorkerCrashed, "worker_crashed"},
    {ResultStatus::SkippedByConstraint, "skipped_by_constraint"},
    {ResultStatus::ReferenceFailed, "reference_failed"},
}};
} // namespace

std::string_view toString(ResultStatus status)
{
    for (const auto &[value, name] : kNames) {
        if (value == status)
            return name;
    }
    return "unknown";
}

std::optional<ResultStatus> resultStatusFromString(std::string_view text)
{
    for (const auto &[value, name] : kNames) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

} // namespace tb
