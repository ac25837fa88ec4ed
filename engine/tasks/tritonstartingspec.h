#pragma once

#include "model/expected.h"
#include "startingspec.h"

#include <nlohmann/json.hpp>

#include <string>

namespace tb {

// The starting spec of a @triton.jit function, out of the Triton helper's "inspect" answer
// alone (issue 36 item 5; the file is parsed, never run). `source` is kernel.source as the spec
// will name it (relative to the spec's directory).
//
// - Parameters: with @triton.autotune, each config kwarg, num_warps and num_stages (num_ctas
//   and maxnreg where a config sets them), each with the sorted values the configurations use,
//   and the constraints that keep exactly the listed configurations (listedconfigurations.h);
//   the reference is the first configuration. Without it, each tl.constexpr with its literal
//   default as its only value, num_warps 4 and num_stages 3 (Triton's defaults).
//   A constexpr with neither gets values to check.
// - Arguments, in order, from the other parameters: a pointer (annotated so, or named ...ptr)
//   is a buffer, everything else an int32 scalar, its value the size variable of its name
//   where the autotune key names it. One problem size of the key's variables.
// - Everything the source cannot tell (element types, buffer sizes, scalar values, the size
//   values, the grid, the tolerances) gets a value that loads, and a SpecGuess naming it.
//
// InvalidSpec when the autotune decorator cannot be read (the helper's "error", with its line).
Expected<StartingSpec> tritonStartingSpec(const nlohmann::json &inspect, const std::string &entry,
                                          const std::string &source);

} // namespace tb
