#pragma once

#include <optional>
#include <string_view>

namespace tb {

// How long the calling thread has waited for a CPU while runnable (Linux schedstat,
// /proc/thread-self/schedstat: run time, run-queue wait, time slices, in nanoseconds). A
// measuring thread that shares its core with another process waits, and every sample that spans
// such a wait reads slower: beside busy loops an unchanged 15 us kernel read +79%.
class CpuWait
{
public:
    // Now, for the calling thread; nullopt where the kernel keeps no schedstat.
    static std::optional<CpuWait> read();

    // The fields of a schedstat line ("1278557 316173 12"), read at `atSeconds` on the
    // monotonic clock; nullopt where it lacks the second field.
    static std::optional<CpuWait> parse(std::string_view text, double atSeconds);

    // The share of the wall time since `start` (0 to 1) the thread waited for a CPU.
    double shareSince(const CpuWait &start) const;

private:
    double m_waitSeconds = 0; // run-queue wait since the thread started
    double m_seconds = 0;     // monotonic clock at the reading
};

} // namespace tb
