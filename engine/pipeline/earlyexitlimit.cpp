#include "earlyexitlimit.h"

#include <algorithm>

namespace tb {

void EarlyExitLimit::noteOkTime(std::size_t sizeIndex, double seconds)
{
    if (!(seconds > 0))
        return;
    const auto [fastest, added] = m_fastestOk.emplace(sizeIndex, seconds);
    if (!added)
        fastest->second = std::min(fastest->second, seconds);
}

double EarlyExitLimit::stopAboveSeconds(const PipelineJob &job) const
{
    if (m_factor <= 0 || job.pinnedLane)
        return 0;
    const auto fastest = m_fastestOk.find(job.sizeIndex);
    return fastest == m_fastestOk.end() ? 0 : m_factor * fastest->second;
}

} // namespace tb
