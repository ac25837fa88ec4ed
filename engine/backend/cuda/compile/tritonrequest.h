#pragma once

#include "backend/common/argumentexpressions.h"
#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tb {

// A parameter of a @triton.jit function, as the helper's "inspect" reads it from the source.
struct TritonKernelParameter
{
    std::string name;
    bool isConstexpr = false;
    bool hasDefault = false;
};

// The parameters out of an "inspect" answer; throws nlohmann::json::exception when malformed.
std::vector<TritonKernelParameter> tritonParametersFromInspect(const nlohmann::json &answer);

// Triton's name of an element type: "fp16", "bf16", "fp32", "i32", "u8", ...
const char *tritonTypeName(ElementType type);

// What compiling one configuration of a Triton spec at one problem size asks of the helper
// (its "compile" request, without "source" and "out_dir", which the compiler adds). Mapped by
// name, as Python calls the kernel:
// - each constexpr takes a tunable parameter of its name, else a scalar argument of its name,
//   else its default;
// - each other parameter takes the argument of its name: a buffer is a pointer ("*fp16"), a
//   scalar its type;
// - num_warps, num_stages, num_ctas and maxnreg parameters are the compile options;
// - and, as Triton's JIT specialises a call (runtime/jit.py, specialize_impl): pointers are
//   divisible by 16 (the driver aligns allocations to 256 bytes), integers by their value
//   (divisible by 16, or equal to 1).
// InvalidSpec naming the parameter or argument when the spec and the kernel do not match
// (a parameter without an argument, an argument or a tunable parameter the kernel lacks, a
// __constant__ argument); InvalidArgument when a scalar does not evaluate.
Expected<nlohmann::json> tritonCompileRequest(const Spec &spec,
                                              const ArgumentExpressions &arguments,
                                              const std::vector<TritonKernelParameter> &kernel,
                                              const Configuration &config, std::size_t sizeIndex,
                                              int computeCapability);

} // namespace tb
