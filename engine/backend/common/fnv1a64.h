#pragma once

#include <cstdint>
#include <string>

namespace tb {

// FNV-1a, 64 bit, over fields separated by a NUL byte (so ("ab", "c") and ("a", "bc") differ):
// tiny and stable across platforms and versions; it names build cache files (CPU libraries,
// CUDA cubins) and is not cryptographic (a collision would need a crafted input).
class Fnv1a64
{
public:
    void add(const std::string &field);
    std::string hex() const; // 16 lowercase hex digits

private:
    void mix(unsigned char byte);
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
};

} // namespace tb
