#pragma once

#include "search/searchstrategy.h"

namespace tb {

// Every valid configuration once, in the space's enumeration order.
class BruteForceStrategy : public SearchStrategy
{
public:
    explicit BruteForceStrategy(const SearchSpace &space) : m_space(space) {}

    std::string name() const override { return "brute_force"; }
    std::optional<Configuration> next() override;
    bool done() const override { return m_next >= m_space.validCount(); }

private:
    const SearchSpace &m_space;
    std::uint64_t m_next = 0;
};

} // namespace tb
