#include "randomstrategy.h"

namespace tb {

RandomStrategy::RandomStrategy(const SearchSpace &space, std::uint64_t seed)
    : m_space(space), m_engine(seed)
{}

std::optional<Configuration> RandomStrategy::next()
{
    const std::uint64_t count = m_space.validCount();
    if (m_drawn >= count)
        return std::nullopt;
    // Swap a uniformly chosen position of the unshuffled tail into position m_drawn.
    const std::uint64_t chosen = m_drawn + drawBelow(count - m_drawn);
    const std::uint64_t index = indexAt(chosen);
    if (chosen != m_drawn)
        m_moved[chosen] = indexAt(m_drawn);
    m_moved.erase(m_drawn); // position m_drawn is never read again
    ++m_drawn;
    return m_space.at(index);
}

std::uint64_t RandomStrategy::drawBelow(std::uint64_t bound)
{
    // Rejection keeps it unbiased; std::uniform_int_distribution would differ between
    // standard libraries and break "same seed, same order".
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const std::uint64_t value = m_engine();
        if (value >= threshold)
            return value % bound;
    }
}

std::uint64_t RandomStrategy::indexAt(std::uint64_t position) const
{
    auto it = m_moved.find(position);
    return it == m_moved.end() ? position : it->second;
}

} // namespace tb
