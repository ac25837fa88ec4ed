#pragma once

#include <cstdint>
#include <optional>

namespace tb {

// How busy the rest of the machine kept its CPUs while this process measured: the machine's
// busy CPU time (/proc/stat) less this process's own (/proc/self/stat), over the wall time
// between two readings. In CPUs: 1.5 means other processes kept one and a half CPUs busy, which
// a memory-bound kernel timed meanwhile feels. Resolution: one clock tick (10 ms) of CPU time.
class HostLoad
{
public:
    // Now; nullopt where /proc cannot be read.
    static std::optional<HostLoad> read();

    // CPUs kept busy by other processes since `start`; nullopt below kShortestWindowSeconds.
    // A shorter window holds a tick or none: a 2 ms measurement on an idle 2-CPU machine read
    // 10.9 CPUs busy when one landed, and verify took that for a busy machine.
    std::optional<double> otherCpusBusySince(const HostLoad &start) const;

    // Ten clock ticks: the figure is then good to a tenth of a CPU.
    static constexpr double kShortestWindowSeconds = 0.1;

private:
    std::uint64_t m_machineBusyTicks = 0;
    std::uint64_t m_ownTicks = 0;
    double m_seconds = 0; // monotonic clock
};

} // namespace tb
