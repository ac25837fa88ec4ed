#pragma once

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

struct LaunchShape;

// How a compiled Triton kernel is launched, from Triton's metadata of the build (what its own
// launcher reads, docs/triton-launch.md): the threads are 32 x numWarps, the dynamic shared
// memory is sharedBytes, and after the kernel's own parameters come the scratch pointers
// Triton 3.6 appends (null when their size is 0).
struct TritonLaunch
{
    int numWarps = 4;
    int numCtas = 1;
    std::array<int, 3> clusterDims{1, 1, 1};
    std::uint64_t sharedBytes = 0;
    std::uint64_t globalScratchBytes = 0; // per program
    std::uint64_t globalScratchAlign = 1;
    std::uint64_t profileScratchBytes = 0; // per program
    std::uint64_t profileScratchAlign = 1;
    // The kernel's parameters as they are passed, in order: constexprs and integers Triton
    // specialised to constants are not passed.
    std::vector<std::string> arguments;
    std::string tritonVersion; // of the compiler that built it

    bool operator==(const TritonLaunch &) const = default;
};

nlohmann::json toJson(const TritonLaunch &launch);
// Throws nlohmann::json::exception on a malformed object.
TritonLaunch tritonLaunchFromJson(const nlohmann::json &json);

// From the helper's compile answer ("metadata" and "launch" objects; tritonhelper.h). Throws
// nlohmann::json::exception when a field it needs is missing or of the wrong type.
TritonLaunch tritonLaunchFromAnswer(const nlohmann::json &answer);

// Shapes a spec's launch as Triton's own launcher does: the grid's x times num_ctas (a cluster
// of num_ctas blocks per program), 32 x num_warps threads and the build's shared memory (the
// build decides: warp specialisation may add warps). One rule for the measuring backend and
// the compile-only one, so that both report the same grid.
void applyTritonShape(const TritonLaunch &launch, LaunchShape &shape);

} // namespace tb
