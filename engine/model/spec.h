#pragma once

#include "devicepeaks.h"
#include "parameter.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tb {

// The tuning spec, format v1 (see engine/spec/FORMAT.md). Loaded and validated by
// engine/spec/SpecLoader; everything here is already checked. Expressions stay text here and
// are compiled by engine/space/Expression against the variables they may use.

enum class BackendKind
{
    Cpu,
    Cuda
};

enum class ElementType
{
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    // 16- and 8-bit reals as Triton kernels take them: filled and compared on the host as
    // float. Float8E4M3 is float8_e4m3fn (no infinities), Float8E5M2 float8_e5m2.
    Float16,
    BFloat16,
    Float8E4M3,
    Float8E5M2
};

struct KernelSource
{
    std::string sourcePath; // absolute path of the source file ("" when given inline)
    std::string code;       // the source text itself (always filled by the loader)
    std::string entry;      // function name, or a template expression such as "gemm<BM, BN>"
    std::string language;   // "c" or "c++" for cpu; "cuda" or "triton" (a .py file) for cuda
    std::vector<std::string> compilerFlags; // extra flags after the defaults
    std::string arch; // cuda: target for offline work ("sm_90"); empty: the GPU's own
};

struct ProblemSizes
{
    std::vector<std::string> names;          // size variables, e.g. {"M", "N"}
    std::vector<std::vector<double>> values; // one row per problem size, in names order
};

struct LaunchGeometry
{
    std::vector<std::string> grid;  // 1 to 3 expressions
    std::vector<std::string> block; // 1 to 3 expressions; none for Triton (tritonkernel.h)
    std::string dynamicSharedMemory = "0";
};

struct BufferInit
{
    enum class Kind
    {
        Zero,
        Constant,
        Random,
        Sequence,
        File,      // read from a .npy or raw file (engine/data/datafile.h)
        Expression // one value per element from its index `i` and the problem sizes
    };
    Kind kind = Kind::Zero;
    double value = 0;       // Constant
    std::uint64_t seed = 1; // Random
    double min = 0;         // Random
    double max = 1;         // Random
    double start = 0;       // Sequence
    double step = 1;        // Sequence
    // File: as the spec gives it, {name} for a size variable, relative to baseDirectory
    // (engine/data/datafilename.h).
    std::string file;
    std::string expression; // Expression: of `i` and the size variables
    // Whether the contents depend on the problem size, not on the element count alone.
    bool dependsOnSize() const { return kind == Kind::File || kind == Kind::Expression; }
};

struct Argument
{
    enum class Kind
    {
        Buffer,
        Scalar,
        Constant // cuda: a __constant__ array the kernel reads by name, not a parameter
    };
    std::string name;
    Kind kind = Kind::Buffer;
    ElementType type = ElementType::Float32;
    std::string size;    // Buffer, Constant: element count, an expression of sizes and parameters
    BufferInit init;     // Buffer, Constant
    bool output = false; // Buffer: compared against the reference config
    std::string value;   // Scalar: an expression of sizes and parameters

    // Buffers and constants have an element count (`size`) and contents (`init`).
    bool hasElements() const { return kind != Kind::Scalar; }
    // What the kernel receives as a parameter: buffers and scalars, not constants.
    bool isParameter() const { return kind != Kind::Constant; }
};

// How many elements of an output may differ and the output still pass: a count (an integer
// >= 0), or below 1 a fraction of the output's element count. An int bitmap whose points lie
// on an edge can legitimately differ in a few elements where floating-point contraction does.
struct MismatchAllowance
{
    double value = 0;

    bool isFraction() const { return value > 0 && value < 1; }
    // The count tolerated in an output of `elementCount` elements (a fraction rounded down).
    std::uint64_t of(std::uint64_t elementCount) const;
};

// What one output is compared with: its verification.expected entry's settings, the rest
// the section's.
struct OutputTolerance
{
    double rtol = 1e-5;
    double atol = 1e-8;
    MismatchAllowance maxMismatches;
    // What the output is compared with, as a wrong_result message names it.
    std::string comparedWith = "the reference";
};

// verification.expected["name"]: one output's own comparison settings.
struct ExpectedOutput
{
    std::string output;         // the output argument's name
    std::optional<double> rtol; // unset: the section's
    std::optional<double> atol; // unset: the section's
    MismatchAllowance maxMismatches;
    // The expected contents from a file (.npy or raw, as an argument's "init": {"file"}), its
    // name resolved per problem size as DataFileName does; "": the reference configuration's.
    std::string file;
};

struct Verification
{
    std::optional<std::vector<double>> reference; // reference config values (parameter order)
    double rtol = 1e-5;
    double atol = 1e-8;
    std::vector<ExpectedOutput> expected; // in document order, each output at most once

    // The entry for `output`, or nullptr.
    const ExpectedOutput *expectedFor(const std::string &output) const;
    // `output`'s settings: its entry's where it sets them, else the section's.
    OutputTolerance toleranceFor(const std::string &output) const;
    // The file `output` is compared with, or "" (the reference configuration's output).
    std::string expectedFile(const std::string &output) const;
    // Whether any output is compared: a reference configuration or an expected file. Without
    // one, a configuration is measured unverified.
    bool compares() const;
    // Whether `output` is compared with anything: its file, or the reference configuration's.
    bool compares(const std::string &output) const;
};

struct DerivedMetric
{
    std::string name;       // e.g. "GB/s"
    std::string expression; // may use sizes, parameters and `time` (seconds, the median)
    // "GFLOP/s", "GB/s", ...: what kind of rate it is (metricrate.h); "": the name's last word.
    std::string unit = {};
};

// The objectives built in beside the derived metrics: the median time, the energy per launch
// (measurement.energy_seconds) and their product, the energy-delay product (J s).
inline constexpr char kObjectiveTime[] = "time";
inline constexpr char kObjectiveEnergy[] = "energy";
inline constexpr char kObjectiveEdp[] = "edp";

// Whether `metric` is one of the built-in objectives; whether it ranks by energy.
inline bool isBuiltInObjective(const std::string &metric)
{
    return metric == kObjectiveTime || metric == kObjectiveEnergy || metric == kObjectiveEdp;
}
inline bool isEnergyObjective(const std::string &metric)
{
    return metric == kObjectiveEnergy || metric == kObjectiveEdp;
}

struct Objective
{
    std::string metric = kObjectiveTime; // a built-in objective or a derived metric's name
    bool minimize = true;
};

struct StrategySettings
{
    // One of engine/search's strategyNames(); "auto" is resolved per size (strategychoice.h).
    std::string name = "auto";
    std::int64_t maxConfigs = 0; // 0: no limit
    double maxSeconds = 0;       // 0: no limit
    std::uint64_t seed = 1;
    // Stop a size after this many evaluations in a row found nothing better; 0: never.
    std::int64_t stopAfterNoImprovement = 0;
    std::map<std::string, double> options; // the strategy's own (strategyOptionDescriptions)
    // strategy.replay: search a recorded space instead of measuring (engine/replay), e.g. to
    // choose a strategy and budget before a GPU is at hand. Empty: measure. Relative to the
    // spec's directory, as the kernel file is.
    std::string replayFile;
    bool replaySampled = false; // one recorded sample per evaluation, not the recorded mean
};

struct MeasurementSettings
{
    int warmupRuns = 1;
    int minSamples = 5;
    int maxSamples = 200;
    double targetRelativeHalfWidth = 0.01; // of the median's confidence interval
    // Sampling goes on for at least this long even when the interval is narrow: GPU timings
    // come in runs of fast and slow samples (on the H100 ~1 ms long), and a median of the
    // first few milliseconds depends on which runs it caught (bench/results/cuda_run_to_run.md).
    double minSecondsPerConfig = 0.01;
    double maxSecondsPerConfig = 2.0; // sampling cap per config
    double timeoutSeconds = 30.0;     // a config running longer is killed: `timeout`
    bool warmCache = false;           // GPU: skip the L2 flush between samples
    // GPU, "cupti_records": time with CUPTI's concurrent-kernel records ("concurrent": no
    // per-record overhead, but the tracing slows some kernels, large blocks most, up to 7.6%)
    // instead of the serialised ones less their calibrated overhead ("serial", the default:
    // the kernel runs at its own speed). bench/results/cuda_transpose_fidelity.md.
    bool concurrentCuptiRecords = false;
    // Rounds of measurement, each in fresh worker processes: after the search, the best
    // `finalistsPerSize` ok configurations of each size are measured again once per extra
    // round, and their median becomes the median of the rounds' medians (measure/roundsummary.h).
    // Three by default: a process can see the GPU in a state of its own for its whole life (a
    // GPU-wide clock state; per-context speeds, which the CUDA backend's context switches now
    // take out, bench/results/cuda_context_switch.md), and three rounds outvote one such draw.
    int processRounds = 3;
    // Past processRounds, up to this many: more rounds for the finalists whose rounds' medians
    // still differ by more than targetRelativeHalfWidth of the median. The reader makes it at
    // least processRounds (by default equal to it: no adaptive rounds).
    int maxProcessRounds = 3;
    int finalistsPerSize = 3;
    // Early exit: a configuration stops sampling as soon as its median's ~95% interval lies
    // wholly above this factor times its size's fastest ok median so far (after 3 samples at
    // the earliest), so the measuring time goes to contenders. 0 = off. Applies where a slower
    // median always ranks worse (the objective is time, or a metric of time and sizes only).
    double earlyExitFactor = 1.5;
    // CUDA: after its timed samples each configuration runs back to back this long while NVML's
    // energy counter is read, for its energy per launch and average power (docs/measurement.md,
    // "Energy"). 0 = off: a second a configuration is a cost only energy tuning should pay.
    double energySeconds = 0;
};

struct Spec
{
    int formatVersion = 1;
    std::string name;
    BackendKind backend = BackendKind::Cpu;
    KernelSource kernel;
    std::vector<Parameter> parameters;
    std::vector<std::string> constraints;
    ProblemSizes sizes;
    std::optional<LaunchGeometry> launch; // required for cuda
    std::vector<Argument> arguments;
    Verification verification;
    std::vector<DerivedMetric> metrics;
    Objective objective;
    DevicePeaks peaks; // the spec's "peaks": they win over the device's (devicepeaks.h)
    StrategySettings strategy;
    MeasurementSettings measurement;

    std::string baseDirectory; // directory of the spec file: relative paths resolve against it
    std::string document;      // the JSON text as loaded, source inlined: what workers receive
};

const char *toString(BackendKind kind);
const char *toString(ElementType type);
std::size_t elementSize(ElementType type);
// float16 and bfloat16: reals of 16 bits, which only the cuda backend passes to kernels.
bool isNarrowReal(ElementType type);
inline constexpr std::size_t kElementTypeCount =
    static_cast<std::size_t>(ElementType::Float8E5M2) + 1;
// Every element type, in the order the workbench offers them (the default, float32, first).
std::span<const ElementType> allElementTypes();

} // namespace tb
