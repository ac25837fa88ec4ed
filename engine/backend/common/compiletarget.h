#pragma once

#include <string>

namespace tb {

// The GPU architecture a CUDA kernel is compiled for, and why: the one rule that the CLI's
// tune, the workbench's Run and its Kernel page all follow, so that a configuration inspected
// on the Kernel page is built as a run on the same machine builds it.
struct CompileTarget
{
    std::string arch;   // "sm_90"
    std::string reason; // "the GPU's: NVIDIA H100 80GB HBM3", "the spec's kernel.arch", ...
};

// What the rule looks at. Empty strings mean "not given".
struct CompileTargetInputs
{
    std::string chosen;      // named by the user for this compile: --arch, the Kernel page
    std::string chosenBy;    // where: "--arch", "picked on the Kernel page"
    std::string specArch;    // the spec's kernel.arch
    std::string gpuArch;     // the first GPU's, when a driver sees one
    std::string gpuName;     // its name, for the reason
    bool measuring = false;  // the results will be timed on that GPU
    std::string noGpuReason; // why there is no GPU, when there is none
};

// The architecture used where no GPU is present and nothing names one (Hopper: the newest
// architecture of the GPUs Tunebench is proven on).
inline constexpr const char *kDefaultCompileArch = "sm_90";

// In order: the user's choice; the measuring GPU's own (a cubin for another architecture would
// not load there); the spec's kernel.arch; a GPU present but not measuring; the default.
CompileTarget chooseCompileTarget(const CompileTargetInputs &inputs);

} // namespace tb
