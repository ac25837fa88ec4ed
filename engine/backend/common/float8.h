#pragma once

// The 8-bit reals Triton kernels take on Hopper (float8_e4m3fn, float8_e5m2) on the host, where
// no library of ours has them: converted from float with round-to-nearest-even, as a GPU
// rounds, and back to float exactly.
//
// float8_e4m3fn: 4 exponent bits (bias 7), 3 mantissa bits, no infinities; S.1111.111 is NaN,
// so the largest finite value is 448. float8_e5m2: 5 exponent bits (bias 15), 2 mantissa bits,
// IEEE's special values (the top byte of a float16), largest finite 57344. A value beyond the
// largest finite one becomes NaN (e4m3fn) or infinity (e5m2), as PyTorch converts them.

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tb {

template <int ExponentBits, int MantissaBits, bool FiniteOnly> class Float8
{
public:
    static constexpr int kBias = (1 << (ExponentBits - 1)) - 1;
    static constexpr std::uint8_t kSignBit = 0x80;

    Float8() = default;
    explicit Float8(float value) : m_bits(encode(value)) {}
    explicit operator float() const { return decode(m_bits); }

    static Float8 fromBits(std::uint8_t bits)
    {
        Float8 value;
        value.m_bits = bits;
        return value;
    }
    std::uint8_t bits() const { return m_bits; }

    // As their values compare (NaN with nothing), for std::min over a fill.
    friend bool operator<(Float8 a, Float8 b) { return float(a) < float(b); }

    // Magnitudes in code order: a code one above another is the next larger magnitude.
    static constexpr std::uint8_t largestFiniteCode()
    {
        return FiniteOnly ? 0x7e
                          : static_cast<std::uint8_t>(((1 << ExponentBits) - 2) << MantissaBits |
                                                      ((1 << MantissaBits) - 1));
    }

private:
    static constexpr std::uint8_t nanCode() { return 0x7f; } // both: all exponent bits
    static constexpr std::uint8_t infinityCode()
    {
        return static_cast<std::uint8_t>(((1 << ExponentBits) - 1) << MantissaBits);
    }

    // The magnitude's code, rounded to nearest even: codes are contiguous from the subnormals
    // through the normals, so a mantissa that rounds up to the next power carries into the
    // exponent on its own.
    static unsigned magnitudeCode(float magnitude)
    {
        constexpr int kMinNormalExponent = 1 - kBias;
        if (magnitude == 0)
            return 0; // zero has no exponent for frexp to give
        int exponent = 0;
        std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [0.5, 1)
        const int unbiased = std::max(exponent - 1, kMinNormalExponent);
        const float step = std::ldexp(1.0f, unbiased - MantissaBits);
        const auto steps = static_cast<unsigned>(std::nearbyint(magnitude / step));
        if (exponent - 1 < kMinNormalExponent)
            return steps; // subnormal (or the smallest normal, reached by rounding)
        return (static_cast<unsigned>(unbiased + kBias) << MantissaBits) +
               (steps - (1u << MantissaBits));
    }

    static std::uint8_t encode(float value)
    {
        const std::uint8_t sign = std::signbit(value) ? kSignBit : 0;
        if (std::isnan(value))
            return sign | nanCode();
        const float magnitude = std::fabs(value);
        if (std::isinf(magnitude))
            return sign | (FiniteOnly ? nanCode() : infinityCode());
        const unsigned code = magnitudeCode(magnitude);
        if (code > largestFiniteCode())
            return sign | (FiniteOnly ? nanCode() : infinityCode());
        return static_cast<std::uint8_t>(sign | code);
    }

    static float decode(std::uint8_t bits)
    {
        const float sign = (bits & kSignBit) ? -1.0f : 1.0f;
        const unsigned code = bits & 0x7fu;
        const unsigned exponent = code >> MantissaBits;
        const unsigned mantissa = code & ((1u << MantissaBits) - 1);
        if (FiniteOnly && code == 0x7f)
            return NAN;
        if (!FiniteOnly && exponent == (1u << ExponentBits) - 1)
            return mantissa ? NAN : sign * INFINITY;
        if (exponent == 0)
            return sign * std::ldexp(static_cast<float>(mantissa), 1 - kBias - MantissaBits);
        return sign * std::ldexp(static_cast<float>((1u << MantissaBits) | mantissa),
                                 static_cast<int>(exponent) - kBias - MantissaBits);
    }

    std::uint8_t m_bits = 0;
};

using E4M3Float = Float8<4, 3, true>;
using E5M2Float = Float8<5, 2, false>;

// The code of the next real below the finite one coded `bits` (towards minus infinity), in a
// sign-magnitude format whose magnitudes are in code order: IEEE's, bfloat16 and the float8s.
template <typename Bits> Bits nextSignMagnitudeBelow(Bits bits)
{
    constexpr Bits kSign = Bits(Bits(1) << (8 * sizeof(Bits) - 1));
    if ((bits & Bits(~kSign)) == 0)
        return Bits(kSign | 1); // either zero: the smallest negative subnormal
    return Bits((bits & kSign) ? bits + 1 : bits - 1);
}

// The next 8-bit real below `value` (towards minus infinity); `value` finite.
template <int E, int M, bool F> Float8<E, M, F> nextFloat8Below(Float8<E, M, F> value)
{
    return Float8<E, M, F>::fromBits(nextSignMagnitudeBelow(value.bits()));
}

} // namespace tb
