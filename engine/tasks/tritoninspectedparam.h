#pragma once

// What the Triton helper's "inspect" answer says of one parameter of a @triton.jit function
// (tritonhelper.h): shared by the starting spec's parameter part (TritonParameterDraft) and
// its argument part (TritonArgumentDraft), which split the kernel's parameters between them.

#include <nlohmann/json.hpp>

#include <string>

namespace tb {

// A tl.constexpr parameter: a compile-time value, so a tunable parameter, never an argument.
inline bool isConstexprParam(const nlohmann::json &param)
{
    return param.value("constexpr", false);
}

inline std::string paramName(const nlohmann::json &param)
{
    return param.at("name").get<std::string>();
}

} // namespace tb
