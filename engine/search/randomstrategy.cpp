#include "randomstrategy.h"

namespace tb {

RandomStrategy::RandomStrategy(const SearchSpace &space, std::uint64_t seed)
    : m_space(space), m_random(seed), m_order(space.validCount())
{}

std::optional<Configuration> RandomStrategy::next()
{
    const auto index = m_order.next(m_random);
    if (!index)
        return std::nullopt;
    return m_space.at(*index);
}

} // namespace tb
