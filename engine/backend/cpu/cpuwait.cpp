#include "cpuwait.h"

#include "monotonicseconds.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace tb {

std::optional<CpuWait> CpuWait::parse(std::string_view text, double atSeconds)
{
    std::istringstream fields{std::string(text)};
    unsigned long long runNs = 0;
    unsigned long long waitNs = 0;
    if (!(fields >> runNs >> waitNs))
        return std::nullopt;
    CpuWait wait;
    wait.m_waitSeconds = static_cast<double>(waitNs) / 1e9;
    wait.m_seconds = atSeconds;
    return wait;
}

std::optional<CpuWait> CpuWait::read()
{
    std::ifstream file("/proc/thread-self/schedstat");
    std::string line;
    if (!std::getline(file, line))
        return std::nullopt;
    return parse(line, monotonicSeconds());
}

double CpuWait::shareSince(const CpuWait &start) const
{
    const double seconds = m_seconds - start.m_seconds;
    if (seconds <= 0)
        return 0;
    return std::clamp((m_waitSeconds - start.m_waitSeconds) / seconds, 0.0, 1.0);
}

} // namespace tb
