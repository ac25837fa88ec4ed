#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tb {

// Average power from a cumulative energy counter that moves in steps (NVML's total energy, in
// millijoules, moves every ~100 ms on the H200): the energy between two steps over the time
// between them. A reading that differs from the one before is a step ("tick"); the window runs
// from its first tick to its last, so idle time before the load and the counter's lag after it
// stay out. The host sees a tick up to one poll late at either end: pollSeconds bounds that.
//
// Pure: readings are given with their host time, so tests drive it with any counter.
class EnergyWindow
{
public:
    // Ticks before this one are the lead-in (the GPU still ramping up): the window starts here.
    explicit EnergyWindow(std::size_t skippedTicks = 1) : m_skipped(skippedTicks) {}

    // One reading of the counter at host time `seconds` (non-decreasing); `pollSeconds` is the
    // time since the reading before, which bounds how late a tick is seen.
    void observe(double seconds, std::uint64_t millijoules, double pollSeconds);

    // Ticks inside the window (its first and last included).
    std::size_t ticks() const { return m_ticks.size(); }
    // Seconds from the window's first tick to its last; 0 before two.
    double spanSeconds() const;
    // Joules between the first and last tick over spanSeconds(); nullopt before two ticks.
    std::optional<double> averageWatts() const;
    // Relative standard uncertainty of averageWatts(): the spread of the power between
    // successive ticks (its standard error), and the late sighting of both ends (the longest
    // poll gap at a tick, over the span). nullopt before three ticks.
    std::optional<double> relativeUncertainty() const;

private:
    struct Tick
    {
        double seconds;
        std::uint64_t millijoules;
        double lateBy; // at most: the poll gap when it was seen
    };

    std::size_t m_skipped;
    std::size_t m_seen = 0;
    std::optional<std::uint64_t> m_last;
    std::vector<Tick> m_ticks;
};

// How much longer a job with an energy run of `seconds` may take than one without: the run, the
// counter's step before the window and after it, and the two seconds an energy run waits for a
// counter that stopped moving before it gives up. 0 without an energy run.
inline double energyRunAllowance(double seconds)
{
    return seconds > 0 ? seconds + 3.0 : 0.0;
}

} // namespace tb
