#pragma once

#include "search/seededrandom.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace tb {

// A random permutation of [0, count), drawn one element at a time: a lazy Fisher-Yates shuffle.
// Only the positions a draw has touched are remembered (a hash map), so drawing k elements costs
// O(k) memory however large `count` is.
class LazyShuffle
{
public:
    explicit LazyShuffle(std::uint64_t count) : m_count(count) {}

    // The next element, or nullopt once all `count` have been drawn.
    std::optional<std::uint64_t> next(SeededRandom &random);
    std::uint64_t remaining() const { return m_count - m_drawn; }

private:
    std::uint64_t elementAt(std::uint64_t position) const;

    std::uint64_t m_count;
    std::uint64_t m_drawn = 0;
    // Shuffled positions that no longer hold their own element: position -> element.
    std::unordered_map<std::uint64_t, std::uint64_t> m_moved;
};

} // namespace tb
