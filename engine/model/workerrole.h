#pragma once

#include <optional>
#include <string_view>

namespace tb {

// What a tunebench-worker process does. The names are its `--role` argument and its hello's
// role on the wire: stable, so a worker and a supervisor of the same protocol agree.
enum class WorkerRole
{
    CpuCompile,  // "cpu-compile": builds C/C++ configurations, measures nothing
    Cpu,         // "cpu": measures C/C++ configurations (builds them on a cache miss)
    CudaCompile, // "cuda-compile": NVRTC only, no GPU needed
    Cuda,        // "cuda": loads cubins and measures on the one GPU it sees
};

std::string_view toString(WorkerRole role);
std::optional<WorkerRole> workerRoleFromString(std::string_view text);

} // namespace tb
