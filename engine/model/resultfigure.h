#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace tb {

// How a figure's value reads: what a table does with it (a percentage, a duration, bytes).
enum class FigureDisplay
{
    Count,     // a whole number: registers, threads, blocks, switches
    Bytes,     // per thread or per block, as the compiler reports them
    Fraction,  // 0..1, read as a percentage
    Megahertz, // a clock
    Seconds,   // a time
    Flag,      // 1 or 0
    BitMask,   // bits to decode (NVML's clocks-event reasons)
    Cpus,      // a number of CPUs kept busy, fractional
    Joules,    // energy
    Watts,     // power
};

// Which way a figure is better, where one way is: spills, stack and local memory cost memory
// traffic, higher occupancy hides latency. Trade-offs (registers, shared memory) are Neutral.
enum class FigureTrend
{
    Neutral,
    LowerIsBetter,
    HigherIsBetter,
};

// One figure a backend or the pipeline stores in Result::resources: the one place that says
// what its key means, how people name it, its unit and where its CSV column goes. Readers look
// figures up by key; a key no declaration knows (an import's, another backend's) stays
// readable: findResultFigure() answers nullopt and each reader falls back to the bare key.
struct ResultFigure
{
    std::string_view key;       // as stored in workspaces and exports: never renamed
    std::string_view label;     // for people: "spill stores"
    std::string_view unit;      // of the raw value: "B", "s", "MHz"; "" for counts and fractions
    std::string_view csvColumn; // for other tools, its unit in the name: "spill_stores_bytes"
    FigureDisplay display = FigureDisplay::Count;
    FigureTrend trend = FigureTrend::Neutral;
    // Its CSV column has a fixed place (resources, then clocks and timing details, then
    // flags); a figure without one (a phase time) sorts by key among undeclared keys.
    bool fixedColumn = true;
};

// The stored keys, for code to name a figure without spelling its string.
namespace figures {
// What the compiler and the occupancy calculation say (CUDA).
inline constexpr char kRegisters[] = "registers";
inline constexpr char kSpillStores[] = "spill_stores";
inline constexpr char kSpillLoads[] = "spill_loads";
inline constexpr char kStackFrame[] = "stack_frame";
inline constexpr char kLocalMemory[] = "local_memory";
inline constexpr char kStaticShared[] = "static_shared";
inline constexpr char kDynamicShared[] = "dynamic_shared";
inline constexpr char kConstantMemory[] = "constant_memory";
inline constexpr char kBarriers[] = "barriers";
inline constexpr char kThreadsPerBlock[] = "threads_per_block";
inline constexpr char kBlocksPerSm[] = "blocks_per_sm";
inline constexpr char kWarpsPerSm[] = "warps_per_sm";
inline constexpr char kOccupancy[] = "occupancy";
// Clocks and timing details of a measurement.
inline constexpr char kSmClockMhz[] = "sm_clock_mhz";                    // NVML's report
inline constexpr char kSmClockEffectiveMhz[] = "sm_clock_effective_mhz"; // the GPU timer's
inline constexpr char kEventMedianSeconds[] = "event_median_s";
inline constexpr char kCuptiRecordOffsetSeconds[] = "cupti_record_offset_s";
inline constexpr char kContextSwitches[] = "context_switches";
inline constexpr char kOtherCpuLoad[] = "other_cpu_load";
inline constexpr char kCpuPressure[] = "cpu_pressure"; // share of it some task waited for a CPU
inline constexpr char kCpuWait[] = "cpu_wait"; // share of it the measuring thread waited for one
inline constexpr char kThrottleReasons[] = "throttle_reasons";
// Energy of a continuous run of the configuration (measurement.energy_seconds; CUDA, NVML).
inline constexpr char kEnergyJoules[] = "energy_j"; // per launch
inline constexpr char kPowerWatts[] = "power_w";    // the average, from the energy counter
inline constexpr char kEnergyUncertainty[] = "energy_rel_uncertainty";
inline constexpr char kEnergyWindowSeconds[] = "energy_window_s";
inline constexpr char kEnergyLaunchSeconds[] = "energy_launch_s"; // back to back, per launch
// Flags.
inline constexpr char kThrottled[] = "throttled";
inline constexpr char kClockMismatch[] = "clock_mismatch";
inline constexpr char kCuptiUnavailable[] = "cupti_unavailable";
// The median time above which the job called its configuration hopeless, when its sampling
// stopped early for that reason (AdaptiveSampler): the median is then less precise than the
// spec's target. The configuration is surely slower than it, which is all a ranking needs;
// where the interval is wide (kWideConfidenceCaveat) the caveat says so.
inline constexpr char kStoppedEarlyAboveSeconds[] = "stopped_early_above_s";
// Where a configuration's time went: the GPU backend's phases, the pipeline's stages.
inline constexpr char kLoadSeconds[] = "load_seconds";
inline constexpr char kReferenceSeconds[] = "reference_seconds";
inline constexpr char kBindSeconds[] = "bind_seconds";
inline constexpr char kVerifySeconds[] = "verify_seconds";
inline constexpr char kMeasureSeconds[] = "measure_seconds";
inline constexpr char kBenchSeconds[] = "bench_seconds";
inline constexpr char kStageSeconds[] = "stage_seconds";
} // namespace figures

// Every declared figure: first those with a fixed CSV column, in that column order.
std::span<const ResultFigure> resultFigures();

// The declaration of `key`, or nullopt for a key no declaration knows.
std::optional<ResultFigure> findResultFigure(std::string_view key);

} // namespace tb
