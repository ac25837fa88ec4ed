#include "crashquarantine.h"

namespace tb::runner_detail {

int CrashQuarantine::recordKill(const JobRequest &job)
{
    return ++m_kills[keyOf(job)];
}

std::optional<int> CrashQuarantine::quarantined(const JobRequest &job) const
{
    const auto kills = m_kills.find(keyOf(job));
    if (kills == m_kills.end() || retries(kills->second))
        return std::nullopt;
    return kills->second;
}

} // namespace tb::runner_detail
