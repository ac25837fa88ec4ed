#include "cpuaffinity.h"

#include <cerrno>
#include <cstring>
#include <sched.h>
#include <string>

namespace tb {

namespace {

Status apply(const cpu_set_t &set, const std::string &what)
{
    if (::sched_setaffinity(0, sizeof set, &set) != 0)
        return makeError(EngineError::Code::IoError, "cannot " + what, std::strerror(errno));
    return ok();
}

} // namespace

std::vector<int> allowedCpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) != 0)
        return {};
    std::vector<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.push_back(cpu);
    return cpus;
}

Status pinToCpu(int cpu)
{
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return makeError(EngineError::Code::InvalidArgument, "no CPU " + std::to_string(cpu));
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return apply(set, "run on CPU " + std::to_string(cpu) + " alone");
}

Status avoidCpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int allowed : allowedCpus())
        if (allowed != cpu)
            CPU_SET(allowed, &set);
    if (CPU_COUNT(&set) == 0)
        return ok(); // the only CPU: nowhere else to go
    return apply(set, "keep off CPU " + std::to_string(cpu));
}

} // namespace tb
