#include "runholder.h"

#include <cerrno>
#include <csignal>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace tb {

namespace {

std::string hostName()
{
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0)
        return "unknown";
    return name;
}

std::string bootId()
{
    std::ifstream file("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(file, id);
    return id;
}

// Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. The command
// name (field 2) may hold spaces and parentheses, so count from the last ')'.
std::string startTicks(std::int64_t pid)
{
    std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
    std::string stat;
    std::getline(file, stat);
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return {};
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    for (int index = 3; index <= 22 && fields >> field; ++index) {
        if (index == 22)
            return field;
    }
    return {};
}

std::string startedText(std::int64_t pid)
{
    const std::string ticks = startTicks(pid);
    return ticks.empty() ? std::string() : bootId() + ":" + ticks;
}

} // namespace

RunHolder currentRunHolder()
{
    return runHolderOf(::getpid());
}

RunHolder runHolderOf(std::int64_t pid)
{
    return {pid, hostName(), startedText(pid)};
}

bool isAlive(const RunHolder &holder)
{
    if (holder.host != hostName())
        return true;
    if (holder.pid <= 0)
        return false;
    if (::kill(static_cast<pid_t>(holder.pid), 0) != 0 && errno == ESRCH)
        return false;
    // Alive, or not ours to signal (EPERM): the same process only if it started when it did.
    const std::string started = startedText(holder.pid);
    return started.empty() || holder.started.empty() || started == holder.started;
}

} // namespace tb
