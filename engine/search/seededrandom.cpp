#include "seededrandom.h"

namespace tb {

std::uint64_t SeededRandom::below(std::uint64_t bound)
{
    // Rejecting the top partial block of 2^64 keeps every residue equally likely.
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const std::uint64_t value = m_engine();
        if (value >= threshold)
            return value % bound;
    }
}

double SeededRandom::unit()
{
    return static_cast<double>(m_engine() >> 11) * 0x1.0p-53;
}

} // namespace tb
