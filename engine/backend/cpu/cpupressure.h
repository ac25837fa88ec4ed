#pragma once

#include <optional>
#include <string_view>

namespace tb {

// Linux's CPU pressure (PSI, /proc/pressure/cpu): how long some runnable task waited for a CPU.
// It tells a machine with more work than CPUs at microsecond resolution, where HostLoad's clock
// ticks (10 ms) cannot resolve a measurement of a few milliseconds.
class CpuPressure
{
public:
    // Now; nullopt where the kernel keeps no pressure figures (no PSI, or psi=0).
    static std::optional<CpuPressure> read();

    // The "some" line of /proc/pressure/cpu ("some avg10=1.50 avg60=... total=123456", total in
    // microseconds), read
    // at `atSeconds` on the monotonic clock; nullopt where it lacks one.
    static std::optional<CpuPressure> parse(std::string_view text, double atSeconds);

    // The share of the time since `start` (0 to 1) during which some task waited for a CPU;
    // nullopt below kShortestWindowSeconds, which PSI's own bookkeeping does not resolve (a 1 ms
    // window read 0 on a saturated machine). Not its ten-second average instead: that lags, and
    // called a quiet measurement busy just after a load ended.
    std::optional<double> shareSince(const CpuPressure &start) const;

    // The shortest window shareSince() measures itself; on a saturated 2-CPU machine a 5 ms
    // window read 1.06 and a 20 ms one 1.19 (clamped to 1).
    static constexpr double kShortestWindowSeconds = 0.005;

private:
    double m_totalSeconds = 0; // stalled time since boot
    double m_seconds = 0;      // monotonic clock at the reading
};

} // namespace tb
