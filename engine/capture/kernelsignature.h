#pragma once

#include "model/spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// One parameter as a demangled kernel name states it.
struct ParameterSignature
{
    bool pointer = false;
    // The scalar's type, or what the pointer points to; nullopt for a type the spec has no
    // element type for (a struct, float4, a pointer to pointer).
    std::optional<ElementType> element;
    std::string text; // as written in the name: "float const*"
};

// What a demangled kernel name says: "void gemm<128, 64>(float const*, float*, int)" has the
// entry "gemm<128, 64>" and three parameters. An extern "C" name ("saxpy") has no parameter
// list: `known` is false and the capture falls back to the parameter sizes alone.
struct KernelSignature
{
    std::string entry;
    bool known = false;
    std::vector<ParameterSignature> parameters;
};

KernelSignature parseKernelSignature(std::string_view demangled);

// The element type a C++ type name stands for ("unsigned int" -> UInt32, "__half" ->
// Float16), or nullopt.
std::optional<ElementType> elementTypeOfCppName(std::string_view name);

} // namespace tb
