#include "resultfigure.h"

#include <algorithm>
#include <array>

namespace tb {

namespace {

using D = FigureDisplay;
using T = FigureTrend;
namespace f = figures;

// In CSV column order for the fixed ones. Keep in step with what the backends store
// (cudaresources.cpp, cudabackend.cpp, cudameasurement.cpp, gpuclockmonitor.cpp,
// smclockprobe.cpp, energyrun.cpp, the CPU backend's host load, the adaptive sampler, the job
// pipeline).
constexpr std::array kFigures{
    ResultFigure{f::kRegisters, "registers", "", "registers_per_thread", D::Count},
    ResultFigure{f::kSpillStores, "spill stores", "B", "spill_stores_bytes", D::Bytes,
                 T::LowerIsBetter},
    ResultFigure{f::kSpillLoads, "spill loads", "B", "spill_loads_bytes", D::Bytes,
                 T::LowerIsBetter},
    ResultFigure{f::kStackFrame, "stack frame", "B", "stack_frame_bytes", D::Bytes,
                 T::LowerIsBetter},
    ResultFigure{f::kLocalMemory, "local memory", "B", "local_memory_bytes", D::Bytes,
                 T::LowerIsBetter},
    ResultFigure{f::kStaticShared, "static shared memory", "B", "static_shared_bytes", D::Bytes},
    ResultFigure{f::kDynamicShared, "dynamic shared memory", "B", "dynamic_shared_bytes", D::Bytes},
    ResultFigure{f::kConstantMemory, "constant memory", "B", "constant_memory_bytes", D::Bytes},
    ResultFigure{f::kBarriers, "barriers", "", "barriers", D::Count},
    ResultFigure{f::kThreadsPerBlock, "threads per block", "", "threads_per_block", D::Count},
    ResultFigure{f::kBlocksPerSm, "blocks per SM", "", "blocks_per_sm", D::Count},
    ResultFigure{f::kWarpsPerSm, "warps per SM", "", "warps_per_sm", D::Count},
    ResultFigure{f::kOccupancy, "theoretical occupancy", "", "occupancy_fraction", D::Fraction,
                 T::HigherIsBetter},
    ResultFigure{f::kSmClockMhz, "SM clock (NVML)", "MHz", "sm_clock_mhz", D::Megahertz},
    ResultFigure{f::kSmClockEffectiveMhz, "SM clock (measured)", "MHz", "sm_clock_effective_mhz",
                 D::Megahertz},
    ResultFigure{f::kEventMedianSeconds, "CUDA events' median", "s", "event_median_s", D::Seconds},
    ResultFigure{f::kCuptiRecordOffsetSeconds, "CUPTI record offset", "s", "cupti_record_offset_s",
                 D::Seconds},
    ResultFigure{f::kContextSwitches, "context switches", "", "context_switches", D::Count},
    ResultFigure{f::kOtherCpuLoad, "other processes' CPU load", "CPUs", "other_cpu_load_cpus",
                 D::Cpus},
    ResultFigure{f::kThrottleReasons, "throttle reasons", "", "throttle_reasons_bits", D::BitMask},
    ResultFigure{f::kThrottled, "throttled", "", "throttled_flag", D::Flag},
    ResultFigure{f::kClockMismatch, "clock mismatch", "", "clock_mismatch_flag", D::Flag},
    ResultFigure{f::kCuptiUnavailable, "CUPTI unavailable", "", "cupti_unavailable_flag", D::Flag},
    // Appended after the columns of before, so that those keep their places.
    ResultFigure{f::kEnergyJoules, "energy per launch", "J", "energy_per_launch_j", D::Joules,
                 T::LowerIsBetter},
    ResultFigure{f::kPowerWatts, "average power", "W", "power_w", D::Watts},
    ResultFigure{f::kEnergyUncertainty, "energy uncertainty", "", "energy_rel_uncertainty_fraction",
                 D::Fraction},
    ResultFigure{f::kEnergyWindowSeconds, "energy run", "s", "energy_window_s", D::Seconds},
    ResultFigure{f::kEnergyLaunchSeconds, "launch time in the energy run", "s", "energy_launch_s",
                 D::Seconds},
    ResultFigure{f::kCpuPressure, "CPU pressure", "", "cpu_pressure_fraction", D::Fraction},
    ResultFigure{f::kCpuWait, "CPU wait", "", "cpu_wait_fraction", D::Fraction},
    // No fixed column: sorted by key with keys no declaration knows, as before.
    ResultFigure{f::kStoppedEarlyAboveSeconds, "stopped early above", "s", "stopped_early_above_s",
                 D::Seconds, T::Neutral, false},
    ResultFigure{f::kLoadSeconds, "load time", "s", "load_seconds", D::Seconds, T::Neutral, false},
    ResultFigure{f::kReferenceSeconds, "reference time", "s", "reference_seconds", D::Seconds,
                 T::Neutral, false},
    ResultFigure{f::kBindSeconds, "bind time", "s", "bind_seconds", D::Seconds, T::Neutral, false},
    ResultFigure{f::kVerifySeconds, "verification time", "s", "verify_seconds", D::Seconds,
                 T::Neutral, false},
    ResultFigure{f::kMeasureSeconds, "measurement time", "s", "measure_seconds", D::Seconds,
                 T::Neutral, false},
    ResultFigure{f::kBenchSeconds, "wall time on the bench", "s", "bench_seconds", D::Seconds,
                 T::Neutral, false},
    ResultFigure{f::kStageSeconds, "wall time on the first stage", "s", "stage_seconds", D::Seconds,
                 T::Neutral, false},
};

} // namespace

std::span<const ResultFigure> resultFigures()
{
    return kFigures;
}

std::optional<ResultFigure> findResultFigure(std::string_view key)
{
    const auto found =
        std::find_if(kFigures.begin(), kFigures.end(),
                     [key](const ResultFigure &figure) { return figure.key == key; });
    return found == kFigures.end() ? std::nullopt : std::optional<ResultFigure>(*found);
}

} // namespace tb
