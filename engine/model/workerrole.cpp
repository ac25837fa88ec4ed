#include "workerrole.h"

#include <array>
#include <utility>

namespace tb {

namespace {
constexpr std::array<std::pair<WorkerRole, std::string_view>, 4> kNames{{
    {WorkerRole::CpuCompile, "cpu-compile"},
    {WorkerRole::Cpu, "cpu"},
    {WorkerRole::CudaCompile, "cuda-compile"},
    {WorkerRole::Cuda, "cuda"},
}};
} // namespace

std::string_view toString(WorkerRole role)
{
    for (const auto &[value, name] : kNames) {
        if (value == role)
            return name;
    }
    return "unknown";
}

std::optional<WorkerRole> workerRoleFromString(std::string_view text)
{
    for (const auto &[value, name] : kNames) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

} // namespace tb
