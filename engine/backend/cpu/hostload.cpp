#include "hostload.h"

#include "monotonicseconds.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace tb {

namespace {

// The "cpu" line: user nice system idle iowait irq softirq steal ...; busy is all but idle and
// iowait.
std::optional<std::uint64_t> machineBusyTicks()
{
    std::ifstream stat("/proc/stat");
    std::string label;
    std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                  steal = 0;
    if (!(stat >> label >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) ||
        label != "cpu")
        return std::nullopt;
    return user + nice + system + irq + softirq + steal;
}

// utime and stime, fields 14 and 15 of /proc/self/stat, counted from after the command name.
std::optional<std::uint64_t> ownTicks()
{
    std::ifstream file("/proc/self/stat");
    std::string stat;
    std::getline(file, stat);
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return std::nullopt;
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    std::uint64_t user = 0;
    for (int index = 3; fields >> field; ++index) {
        if (index == 14)
            user = std::stoull(field);
        if (index == 15)
            return user + std::stoull(field);
    }
    return std::nullopt;
}

} // namespace

std::optional<HostLoad> HostLoad::read()
{
    const auto machine = machineBusyTicks();
    const auto own = ownTicks();
    if (!machine || !own)
        return std::nullopt;
    HostLoad load;
    load.m_machineBusyTicks = *machine;
    load.m_ownTicks = *own;
    load.m_seconds = monotonicSeconds();
    return load;
}

std::optional<double> HostLoad::otherCpusBusySince(const HostLoad &start) const
{
    const double seconds = m_seconds - start.m_seconds;
    const double ticksPerSecond = static_cast<double>(::sysconf(_SC_CLK_TCK));
    if (seconds < kShortestWindowSeconds || ticksPerSecond <= 0)
        return std::nullopt;
    const double machine = static_cast<double>(m_machineBusyTicks - start.m_machineBusyTicks);
    const double own = static_cast<double>(m_ownTicks - start.m_ownTicks);
    return std::max(0.0, machine - own) / ticksPerSecond / seconds;
}

} // namespace tb
