#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tb {

// A variable a CUDA module defines: a __constant__ or __device__ array or value.
struct ModuleVariable
{
    std::string name; // the symbol, mangled as the module has it
    std::uint64_t bytes = 0;
};

// What a cubin (an ELF image) defines: from its symbol table, the data objects of non-zero size
// and the functions (kernels and device functions), each defined in a section (not imported).
struct CubinSymbols
{
    std::vector<ModuleVariable> variables;
    std::vector<std::string> functions; // mangled
};

// Empty for bytes that are not a 64-bit little-endian ELF or whose tables run past the image,
// so a hostile or truncated image reads as defining nothing rather than out of bounds.
CubinSymbols readCubinSymbols(std::span<const std::byte> image);

} // namespace tb
