#include "bruteforcestrategy.h"

namespace tb {

std::optional<Configuration> BruteForceStrategy::next()
{
    if (m_next >= m_space.validCount())
        return std::nullopt;
    return m_space.at(m_next++);
}

} // namespace tb
