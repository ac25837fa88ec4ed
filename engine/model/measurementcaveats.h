#pragma once

#include "result.h"
#include "resultfigure.h"

#include <string>
#include <vector>

namespace tb {

// Two SM clocks closer than this (relative) count as the same: the clock probe reads to ~0.05%,
// and the H100's clock moves in 15 MHz steps (0.76% at 1980 MHz).
inline constexpr double kClockStepResolution = 0.005;

// The SM clock a GPU backend's own timer saw while the result was measured (MHz,
// figures::kSmClockEffectiveMhz), and the one reader of it: 0 where a result carries none.
inline double effectiveSmClockMhz(const Result &result)
{
    return result.resource(figures::kSmClockEffectiveMhz).value_or(0);
}

// How many CPUs other processes kept busy while the CPU backend measured a result
// (figures::kOtherCpuLoad, HostLoad): from this many on it is a caveat.
inline constexpr double kOtherCpuLoadCaveat = 0.5;

// The share of a measurement during which some task waited for a CPU (figures::kCpuPressure,
// CpuPressure): from this share on it is a caveat. The machine had more work than CPUs, so the
// kernel shared its core or lost it for a while.
inline constexpr double kCpuPressureCaveat = 0.5;

// The share of a measurement during which the measuring thread itself waited for its CPU
// (figures::kCpuWait, CpuWait): from this share on it is a caveat. Another process ran on its
// core, and every sample that spans such a wait reads slower, by any amount. A median, which
// needs half the samples slowed, by at most (1 + w) / (1 - w) (verify: busyHostReachPercent).
inline constexpr double kCpuWaitCaveat = 0.1;

// Whether the measuring thread lost its CPU for kCpuWaitCaveat of the measurement of `result`.
bool measuredWithoutItsCpu(const Result &result);

// Whether the machine was busy while the CPU backend measured `result`: other processes kept
// kOtherCpuLoadCaveat CPUs busy, tasks waited for a CPU kCpuPressureCaveat of the time, or the
// measuring thread lost its own (measuredWithoutItsCpu). Its time may be slower than the kernel
// is (a 5 us kernel read +25% beside busy loops on a 2-CPU machine), so verify does not call such
// a result SLOWER without more evidence.
bool measuredOnBusyHost(const Result &result);

// Why measuredOnBusyHost(result) holds, from the figure that made it ("the measuring thread
// waited for its CPU 45% of the time", the thread's own wait first); empty where it does not.
std::string busyHostReason(const Result &result);

// A median whose ~95% confidence interval is wider than this either way (relative half-width)
// is a caveat: the sampler aims at measurement.target_rel_ci (1% by default), so +-10% means it
// ran out of samples or time on a noisy kernel, or stopped early on a hopeless one, and the time
// is rough (+-88% and +-342% were seen unmarked). An interval too few samples bound (an
// imported result's) gives no figure and no caveat.
inline constexpr double kWideConfidenceCaveat = 0.10;

// The relative half-width of an ok, timed result's median CI where it is wider than
// kWideConfidenceCaveat; 0 otherwise. The one rule the GUI's mark and the caveat follow.
double wideConfidenceHalfWidth(const Result &result);

// What makes a measured time less comparable than it looks, read from the backend's figures in
// result.resources: the GPU slowed down while it was measured ("throttled", with NVML's
// clocks-event reason bits in "throttle_reasons"), or the SM clock its own timer saw differed
// from NVML's report ("clock_mismatch", "sm_clock_effective_mhz", "sm_clock_mhz"), or other
// processes kept at least kOtherCpuLoadCaveat CPUs busy meanwhile (figures::kOtherCpuLoad), or
// tasks waited for a CPU (figures::kCpuPressure), or the median's confidence interval is wide
// (wideConfidenceHalfWidth). One sentence each, empty when
// there is nothing to say. The GUI and the CLI mark such results with them.
std::vector<std::string> measurementCaveats(const Result &result);

// The relative span (highest / lowest - 1) of the known SM clocks (MHz; 0 where a result carries
// none), or 0 where it is within kClockStepResolution: the clock step between them, as one
// figure for every reader (a winner's margin, a comparison's uncertainty, the rounds' clocks).
double clockStepBetween(const std::vector<double> &clocksMhz);

// Whether SM clocks sit at different clock steps (clockStepBetween is not 0). A finalist's rounds
// then name their clocks.
bool atDifferentClockSteps(const std::vector<double> &clocksMhz);

} // namespace tb
