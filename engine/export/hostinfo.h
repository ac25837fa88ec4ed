#pragma once

#include <string>

namespace tb {

// Where a run was measured: recorded in runs and exports so numbers can be compared honestly.
struct HostInfo
{
    std::string hostname;
    std::string os;     // "Linux 6.1.0-18-amd64 x86_64"
    std::string cpu;    // /proc/cpuinfo "model name"
    std::string device; // as the caller names it ("" on a CPU run)
    std::string toolVersion;
};

// hostname from gethostname(), os from uname(), cpu from /proc/cpuinfo; "" for what is unknown.
HostInfo currentHost(const std::string &toolVersion, const std::string &device);

} // namespace tb
