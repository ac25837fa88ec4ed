#include "resultsreport.h"

#include "analysis/devicegroups.h"
#include "export/exporter.h"
#include "model/failuresummary.h"
#include "model/measurementcaveats.h"
#include "model/metricrate.h"
#include "model/resultfigure.h"
#include "roundsreport.h"
#include "space/variables.h"
#include "textformat.h"
#include "winnernote.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace tb {

namespace {

double resource(const Result &result, const char *key)
{
    return result.resource(key).value_or(std::nan(""));
}

// "12/0 B": numbers in the unit the declaration of `key` gives them.
std::string withUnit(const std::string &numbers, const char *key)
{
    const auto figure = findResultFigure(key);
    return figure && !figure->unit.empty() ? numbers + " " + std::string(figure->unit) : numbers;
}

// GPU results carry what the compiler and the occupancy calculation said about them.
bool showsResources(const Spec &spec)
{
    return spec.backend == BackendKind::Cuda;
}

// `withHost`: the results came from several hosts, each row names its own.
std::vector<std::string> header(const Spec &spec, bool withHost)
{
    std::vector<std::string> columns{"#", "status", "config", "median", "min", "stddev", "n"};
    if (withHost)
        columns.insert(columns.begin() + 3, "host");
    for (const auto &metric : spec.metrics)
        columns.push_back(metric.name);
    if (spec.measurement.energySeconds > 0)
        columns.insert(columns.end(), {"energy", "power"});
    if (showsResources(spec))
        columns.insert(columns.end(), {"regs", "spill st/ld", "smem", "occupancy"});
    return columns;
}

void addResourceCells(const Result &result, std::vector<std::string> &cells)
{
    const double registers = resource(result, figures::kRegisters);
    if (std::isnan(registers)) {
        cells.insert(cells.end(), {"-", "-", "-", "-"});
        return;
    }
    cells.push_back(formatNumber(registers));
    cells.push_back(withUnit(formatNumber(resource(result, figures::kSpillStores)) + "/" +
                                 formatNumber(resource(result, figures::kSpillLoads)),
                             figures::kSpillStores));
    cells.push_back(withUnit(formatNumber(resource(result, figures::kStaticShared) +
                                          resource(result, figures::kDynamicShared)),
                             figures::kStaticShared));
    cells.push_back(formatNumber(100.0 * resource(result, figures::kOccupancy)) + "%");
}

std::vector<std::string> row(const Spec &spec, const std::string &rank, const StoredResult &stored,
                             bool withHost)
{
    const auto &result = stored.result;
    const bool timed = result.status == ResultStatus::Ok && result.summary.count > 0;
    // "ok*": a time with caveats, given under the table (caveatNotes).
    const std::string status =
        std::string(stateName(result)) + (measurementCaveats(result).empty() ? "" : "*");
    std::vector<std::string> cells{rank, status, stored.configKey};
    if (withHost)
        cells.push_back(stored.result.host.empty() ? "-" : stored.result.host);
    cells.push_back(timed ? formatSeconds(result.summary.median) : "-");
    cells.push_back(timed ? formatSeconds(result.summary.min) : "-");
    cells.push_back(timed ? formatSeconds(result.summary.stddev) : "-");
    cells.push_back(std::to_string(result.summary.count));
    for (const auto &metric : spec.metrics) {
        auto value = result.metrics.find(metric.name);
        cells.push_back(value == result.metrics.end() ? "-" : formatNumber(value->second));
    }
    if (spec.measurement.energySeconds > 0) {
        cells.push_back(formatJoules(resource(result, figures::kEnergyJoules)));
        const double watts = resource(result, figures::kPowerWatts);
        cells.push_back(std::isnan(watts) ? "-" : formatNumber(watts) + " W");
    }
    if (showsResources(spec))
        addResourceCells(result, cells);
    if (result.status != ResultStatus::Ok)
        cells.push_back(result.message.substr(0, result.message.find('\n')));
    return cells;
}

// One line per caveat of the results shown: "  * BM=64: measured while the GPU slowed down...".
std::string caveatNotes(const std::vector<const StoredResult *> &shown, std::size_t count)
{
    std::string notes;
    for (std::size_t i = 0; i < shown.size() && i < count; ++i)
        for (const std::string &caveat : measurementCaveats(shown[i]->result))
            notes += "  * " + shown[i]->configKey + ": " + caveat + "\n";
    return notes;
}

// Compiled but not timed (a compile-only run): fewest spilled bytes first, then the highest
// occupancy, so what is worth measuring later comes first.
bool betterUntimed(const StoredResult *a, const StoredResult *b)
{
    const double spillA =
        resource(a->result, figures::kSpillStores) + resource(a->result, figures::kSpillLoads);
    const double spillB =
        resource(b->result, figures::kSpillStores) + resource(b->result, figures::kSpillLoads);
    if (spillA != spillB)
        return spillA < spillB;
    return resource(a->result, figures::kOccupancy) > resource(b->result, figures::kOccupancy);
}

// "  best: 78.0% of the device's DRAM bandwidth (3.35 TB/s DRAM (device))"; empty where the
// spec has no rate metric or the run no matching peak.
std::string peakNote(const Spec &spec, const StoredResult &best, const DevicePeaks &peaks)
{
    const auto metric = peakMetricIndex(spec);
    if (!metric)
        return {};
    const DerivedMetric &rated = spec.metrics[*metric];
    const auto value = best.result.metrics.find(rated.name);
    if (value == best.result.metrics.end())
        return {};
    const MetricRate rate = metricRate(rated);
    const auto share = shareOfPeak(value->second, rate, peaks);
    if (!share)
        return {};
    const bool flops = rate.kind == RateKind::Flops;
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f%%", *share * 100);
    return "  best: " + std::string(percent) + " of the device's " +
           (flops ? "FP32 peak" : "DRAM bandwidth") + " (" + rated.name + " against " +
           describePeaks(matchingPeak(peaks, rate.kind)) + ")" +
           (*share > 1 ? ": above it, the data likely stayed in the L2 cache" : "") + "\n";
}

struct SizeResults
{
    std::vector<const StoredResult *> timed;
    std::vector<const StoredResult *> untimed;
    FailureSummary failures;
};

SizeResults partition(const Spec &spec, const std::vector<StoredResult> &results, std::size_t size)
{
    SizeResults parts;
    for (const auto &stored : results) {
        if (stored.sizeIndex != size)
            continue;
        if (stored.result.status != ResultStatus::Ok)
            parts.failures.add(stored.result);
        else if (!std::isnan(objectiveValue(spec, stored.result)))
            parts.timed.push_back(&stored);
        else
            parts.untimed.push_back(&stored);
    }
    const double sign = spec.objective.minimize ? 1.0 : -1.0;
    std::sort(parts.timed.begin(), parts.timed.end(), [&](auto *a, auto *b) {
        return sign * objectiveValue(spec, a->result) < sign * objectiveValue(spec, b->result);
    });
    std::sort(parts.untimed.begin(), parts.untimed.end(), betterUntimed);
    return parts;
}

// The SM clock the GPU's own timer saw over the run's results (CUDA ones carry it), against
// NVML's figure: on the H100 it moved between ~1980 and ~1995 MHz while NVML said 1980, and
// compute-bound times move with it (bench/results/cuda_run_to_run.md). Empty without figures.
// The smallest and largest positive value seen (0 and 0 while none).
struct ClockRange
{
    double low = 0;
    double high = 0;

    void add(double megahertz)
    {
        if (megahertz <= 0)
            return;
        low = low > 0 ? std::min(low, megahertz) : megahertz;
        high = std::max(high, megahertz);
    }
};

// The effective and NVML clock ranges over the results that carry them.
std::pair<ClockRange, ClockRange> clockRanges(const std::vector<StoredResult> &results)
{
    ClockRange effective;
    ClockRange nvml;
    for (const auto &stored : results) {
        effective.add(effectiveSmClockMhz(stored.result));
        nvml.add(stored.result.resource(figures::kSmClockMhz).value_or(0));
    }
    return {effective, nvml};
}

// "1979.4-1994.6 MHz (NVML: 1980-1980 MHz)"; empty without effective figures.
std::string rangeText(const ClockRange &effective, const ClockRange &nvml)
{
    if (effective.low <= 0)
        return {};
    char text[160];
    std::snprintf(text, sizeof text, "%.1f-%.1f MHz (NVML: %g-%g MHz)", effective.low,
                  effective.high, nvml.low, nvml.high);
    return text;
}

std::string clockNote(const std::vector<StoredResult> &results)
{
    const auto [effective, nvml] = clockRanges(results);
    if (effective.low <= 0)
        return {};
    // Moved by more than what flags a single result against NVML.
    const bool moved = effective.high > effective.low * (1 + kClockStepResolution);
    return "\nSM clock by the GPU's own timer: " + rangeText(effective, nvml) +
           (moved ? "; compute-bound times move with it" : "") + "\n";
}

} // namespace

std::string clockRangeText(const std::vector<StoredResult> &results)
{
    const auto [effective, nvml] = clockRanges(results);
    return rangeText(effective, nvml);
}

namespace {

// Each problem size's ranking of `results` (of one device model).
std::string renderSizes(const Spec &spec, const std::vector<StoredResult> &results,
                        std::size_t count, const std::vector<StoredRound> &rounds,
                        const DevicePeaks &judgedBy, bool withHost)
{
    std::string text;
    for (std::size_t size = 0; size < spec.sizes.values.size(); ++size) {
        const SizeResults parts = partition(spec, results, size);
        text += "\nProblem size " + problemSizeLabel(spec, size) +
                " (objective: " + (spec.objective.minimize ? "minimize " : "maximize ") +
                spec.objective.metric + ")\n";
        const bool compiledOnly = parts.timed.empty() && !parts.untimed.empty();
        const auto &shown = compiledOnly ? parts.untimed : parts.timed;
        TextTable table(header(spec, withHost));
        for (std::size_t i = 0; i < shown.size() && i < count; ++i)
            table.addRow(row(spec, std::to_string(i + 1), *shown[i], withHost));
        if (compiledOnly)
            text += "  " + std::to_string(parts.untimed.size()) +
                    " compiled, not timed (fewest spills first):\n" + table.render();
        else
            text += shown.empty()
                        ? "  no configuration succeeded\n"
                        : table.render() + caveatNotes(shown, count) +
                              roundsNote(shown, count, rounds,
                                         spec.measurement.targetRelativeHalfWidth) +
                              winnerNote(spec, shown) + peakNote(spec, *shown.front(), judgedBy);
        // Each failure status with its commonest cause and a hint where the driver's or the
        // compiler's words say little: "  8 x invalid_launch: ... (registers x threads ...)".
        for (const StatusFailures &failures : parts.failures.byStatus())
            text += "  " + describeFailures(failures) + "\n";
    }
    return text;
}

} // namespace

std::string renderTopResults(const Spec &spec, const std::vector<StoredResult> &results,
                             std::size_t count, const std::vector<StoredRound> &rounds,
                             const std::optional<DevicePeaks> &peaks)
{
    const DevicePeaks judgedBy = peaks.value_or(spec.peaks);
    const bool withHost = hostCount(results) > 1;
    const std::vector<DeviceGroup> groups = groupByDeviceModel(results);
    if (groups.size() == 1)
        return renderSizes(spec, results, count, rounds, judgedBy, withHost) + clockNote(results);
    // Results of different device models are never ranked together (a run over mixed nodes).
    std::size_t models = 0;
    for (const DeviceGroup &group : groups)
        models += group.device.empty() ? 0 : 1;
    std::string text = "\nMeasured on " + std::to_string(models) +
                       " device models: ranked per model, never across models\n";
    for (const DeviceGroup &group : groups) {
        text += "\n== " + (group.device.empty() ? "not measured on any device" : group.device) +
                " (" + std::to_string(group.results.size()) + " results) ==";
        text += renderSizes(spec, group.results, count, rounds, judgedBy, withHost);
    }
    return text + clockNote(results);
}

std::string renderAllResults(const Spec &spec, const std::vector<StoredResult> &results)
{
    const bool withHost = hostCount(results) > 1;
    auto columns = header(spec, withHost);
    columns.insert(columns.begin() + 1, "size");
    columns.push_back("message");
    TextTable table(columns);
    for (const auto &stored : results) {
        auto cells = row(spec, std::to_string(stored.id), stored, withHost);
        cells.insert(cells.begin() + 1, problemSizeLabel(spec, stored.sizeIndex));
        if (stored.result.status == ResultStatus::Ok) {
            std::string caveats;
            for (const std::string &caveat : measurementCaveats(stored.result))
                caveats += (caveats.empty() ? "" : "; ") + caveat;
            if (!caveats.empty())
                cells.push_back(caveats);
        }
        table.addRow(std::move(cells));
    }
    return table.render();
}

} // namespace tb
