#pragma once

#include "search/lazyshuffle.h"
#include "search/searchstrategy.h"
#include "search/seededrandom.h"

namespace tb {

// Valid configurations in a random order without replacement: run to exhaustion it yields every
// one exactly once. The order depends on the seed only (SeededRandom), and drawing k
// configurations costs O(k) memory however large the space is (LazyShuffle).
class RandomStrategy : public SearchStrategy
{
public:
    RandomStrategy(const SearchSpace &space, std::uint64_t seed);

    std::string name() const override { return "random"; }
    std::optional<Configuration> next() override;
    bool done() const override { return m_order.remaining() == 0; }

private:
    const SearchSpace &m_space;
    SeededRandom m_random;
    LazyShuffle m_order;
};

} // namespace tb
