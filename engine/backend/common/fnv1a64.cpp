#include "fnv1a64.h"

#include <cstdio>

namespace tb {

void Fnv1a64::add(const std::string &field)
{
    for (unsigned char byte : field)
        mix(byte);
    mix(0);
}

std::string Fnv1a64::hex() const
{
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(m_hash));
    return buffer;
}

void Fnv1a64::mix(unsigned char byte)
{
    m_hash ^= byte;
    m_hash *= 0x100000001b3ULL;
}

} // namespace tb
