#include "hostinfo.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <climits>
#include <fstream>

namespace tb {

namespace {

std::string hostName()
{
    char name[HOST_NAME_MAX + 1] = {};
    if (gethostname(name, sizeof name - 1) != 0)
        return {};
    return name;
}

std::string trimmed(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// The first "model name" line (x86); ARM kernels often have none, then "" is the honest answer.
std::string cpuModel()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        const auto colon = line.find(':');
        if (colon != std::string::npos && trimmed(line.substr(0, colon)) == "model name")
            return trimmed(line.substr(colon + 1));
    }
    return {};
}

} // namespace

HostInfo currentHost(const std::string &toolVersion, const std::string &device)
{
    HostInfo host;
    host.hostname = hostName();
    utsname names{};
    if (uname(&names) == 0)
        host.os = std::string(names.sysname) + " " + names.release + " " + names.machine;
    host.cpu = cpuModel();
    host.device = device;
    host.toolVersion = toolVersion;
    return host;
}

} // namespace tb
