#pragma once

#include "search/searchstrategy.h"

#include <random>
#include <unordered_map>

namespace tb {

// Valid configurations in a random order without replacement: run to exhaustion it yields every
// one exactly once. The order depends on the seed only (mt19937_64 and our own bounded draw, so
// it is the same with every standard library).
//
// A lazy Fisher-Yates shuffle over the space's indices: only the positions a draw has touched
// are remembered (a hash map), so drawing k configurations costs O(k) memory however large
// the space is.
class RandomStrategy : public SearchStrategy
{
public:
    RandomStrategy(const SearchSpace &space, std::uint64_t seed);

    std::string name() const override { return "random"; }
    std::optional<Configuration> next() override;

private:
    std::uint64_t drawBelow(std::uint64_t bound);
    std::uint64_t indexAt(std::uint64_t position) const;

    const SearchSpace &m_space;
    std::mt19937_64 m_engine;
    std::uint64_t m_drawn = 0;
    // Shuffled positions that no longer hold their own index: position -> space index.
    std::unordered_map<std::uint64_t, std::uint64_t> m_moved;
};

} // namespace tb
