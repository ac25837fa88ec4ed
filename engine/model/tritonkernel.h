#pragma once

#include "spec.h"

#include <array>
#include <string>
#include <string_view>

namespace tb {

// The rules a Triton kernel's spec follows ("language": "triton", a @triton.jit function in a
// Python file). Its launch options are parameters of these names; the defaults are Triton
// 3.6's for CUDA (triton/backends/nvidia/compiler.py, CUDAOptions).
inline constexpr std::array<std::string_view, 4> kTritonLaunchOptions{"num_warps", "num_stages",
                                                                      "num_ctas", "maxnreg"};
inline constexpr int kTritonDefaultWarps = 4;
inline constexpr int kTritonDefaultStages = 3;

bool isTritonKernel(const KernelSource &kernel);

// Whether `name` is one of kTritonLaunchOptions, not a constexpr of the kernel.
bool isTritonLaunchOption(std::string_view name);

// The threads per block of a Triton kernel: 32 x num_warps, an expression of the parameter
// when the spec tunes it, else of Triton's default ("32 * num_warps" or "128").
std::string tritonBlockExpression(const Spec &spec);

} // namespace tb
