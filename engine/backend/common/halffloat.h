#pragma once

// The 16-bit reals kernels take (float16, bfloat16) on the host: Eigen's types, which convert
// to and from float with round-to-nearest-even as the GPU does; the 8-bit ones are float8.h's.
// Included by the .cpp files that fill, store or read such elements only: Eigen's core is a heavy
// include.
#include "float8.h"

#include <Eigen/Core>

#include <cstdint>
#include <type_traits>

namespace tb {

using Float16 = Eigen::half;
using BFloat16 = Eigen::bfloat16;

template <typename T>
inline constexpr bool isHalfFloat = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

template <typename T>
inline constexpr bool isFloat8 = std::is_same_v<T, E4M3Float> || std::is_same_v<T, E5M2Float>;

// A real narrower than float (16 or 8 bits): converted to and from float, never directly.
template <typename T> inline constexpr bool convertsThroughFloat = isHalfFloat<T> || isFloat8<T>;

// `value` as the real type T (float, double or a narrow real), rounded once as a kernel rounds
// it: a narrow real is reached through float, because its types convert from float only (and a
// kernel converts a float argument or element the same way).
template <typename T> T roundToReal(double value)
{
    if constexpr (convertsThroughFloat<T>)
        return static_cast<T>(static_cast<float>(value));
    else
        return static_cast<T>(value);
}

// The next 16-bit real below `value` (towards minus infinity); `value` finite.
template <typename T> T nextHalfBelow(T value)
{
    return Eigen::numext::bit_cast<T>(
        nextSignMagnitudeBelow(Eigen::numext::bit_cast<std::uint16_t>(value)));
}

// The next narrow real below `value` (towards minus infinity); `value` finite.
template <typename T> T nextNarrowBelow(T value)
{
    if constexpr (isFloat8<T>)
        return nextFloat8Below(value);
    else
        return nextHalfBelow(value);
}

} // namespace tb
