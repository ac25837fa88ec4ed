#include "lazyshuffle.h"

namespace tb {

std::optional<std::uint64_t> LazyShuffle::next(SeededRandom &random)
{
    if (m_drawn >= m_count)
        return std::nullopt;
    // Swap a uniformly chosen position of the unshuffled tail into position m_drawn.
    const std::uint64_t chosen = m_drawn + random.below(m_count - m_drawn);
    const std::uint64_t element = elementAt(chosen);
    if (chosen != m_drawn)
        m_moved[chosen] = elementAt(m_drawn);
    m_moved.erase(m_drawn); // position m_drawn is never read again
    ++m_drawn;
    return element;
}

std::uint64_t LazyShuffle::elementAt(std::uint64_t position) const
{
    auto it = m_moved.find(position);
    return it == m_moved.end() ? position : it->second;
}

} // namespace tb
