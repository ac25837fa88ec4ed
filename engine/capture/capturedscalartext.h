#pragma once

#include "model/spec.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// How a captured scalar's number and bytes become the text of a spec value.

bool isIntegerType(ElementType type);

// The shortest text that reads back as the same value of `type`: a float32 as a float, so
// 0.1f is "0.1", not the double it widened to.
std::string numberText(double value, ElementType type);

// The bytes of `hex` (memory order, so little-endian) as an unsigned number; at most 8 bytes.
std::uint64_t littleEndianValue(const std::string &hex);

// The unsigned integer type of exactly `bytes` bytes, if there is one: a guess for a scalar
// whose signature says no type.
std::optional<ElementType> unsignedTypeOfSize(std::uint64_t bytes);

} // namespace tb
