#include "cppheaderexport.h"

#include "analysis/bestpersize.h"
#include "cppnames.h"
#include "space/variables.h"
#include "storage/store.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <set>

namespace tb {

namespace {

// A tuned problem size and its winner: one row of kTuned.
struct Row
{
    std::size_t sizeIndex = 0;
    StoredResult best; // of a kernel set: the size's assigned configuration's result
    std::size_t kernel = 0;
    double slowdown = 0;      // the assigned configuration's, against the size's own best
    std::string bestKey = {}; // the size's own best configuration
};

// One member of TunedSize or TunedConfig.
struct Column
{
    std::string identifier;
    bool whole = true; // every value in the table is whole: long long, the type code indexes by
};

// Both the structs' own names and the members' names are in scope in the same class: a member
// named like the class would be ill-formed, so these are taken from the start.
const std::set<std::string> kTypeNames = {"TunedSize", "TunedConfig", "TunedEntry"};

// Whole and exact in a double (below 2^53), so `long long` holds it unchanged.
bool isWhole(double value)
{
    return std::isfinite(value) && std::nearbyint(value) == value &&
           std::fabs(value) < 9007199254740992.0;
}

// A literal of the column's type: "64" for long long, "0.5" or "1.0" for double.
std::string numberLiteral(double value, bool whole)
{
    if (std::isnan(value))
        return "::std::numeric_limits<double>::quiet_NaN()";
    if (std::isinf(value))
        return value > 0 ? "::std::numeric_limits<double>::infinity()"
                         : "-::std::numeric_limits<double>::infinity()";
    char text[40];
    if (whole) {
        std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
        return text;
    }
    std::snprintf(text, sizeof text, "%.17g", value);
    std::string literal = text;
    if (literal.find_first_of(".e") == std::string::npos)
        literal += ".0";
    return literal;
}

std::vector<Row> tunedRows(const Spec &spec, const std::vector<StoredResult> &results)
{
    std::vector<Row> rows;
    const auto winners = bestPerSize(spec, results);
    for (std::size_t i = 0; i < winners.size(); ++i)
        if (winners[i])
            rows.push_back({i, *winners[i]});
    return rows;
}

std::vector<Row> kernelSetRows(const KernelSet &set)
{
    std::vector<Row> rows;
    for (const KernelSetSize &size : set.sizes)
        if (size.tuned)
            rows.push_back(
                {size.sizeIndex, size.assigned, size.kernel, size.slowdown, size.best.configKey});
    return rows;
}

double sizeValue(const Spec &spec, const Row &row, std::size_t column)
{
    const auto &values = spec.sizes.values;
    return row.sizeIndex < values.size() && column < values[row.sizeIndex].size()
               ? values[row.sizeIndex][column]
               : 0.0;
}

double configValue(const Row &row, std::size_t column)
{
    const auto &values = row.best.config.values;
    return column < values.size() ? values[column] : 0.0;
}

// One column per name; `value(row, column)` decides whether the column can be long long.
std::vector<Column> columns(const std::vector<std::string> &names, const std::vector<Row> &rows,
                            const std::function<double(const Row &, std::size_t)> &value)
{
    std::set<std::string> taken = kTypeNames;
    std::vector<Column> result;
    for (std::size_t i = 0; i < names.size(); ++i) {
        Column column{uniqueCppIdentifier(names[i], "v_", taken)};
        for (const Row &row : rows)
            column.whole = column.whole && isWhole(value(row, i));
        result.push_back(std::move(column));
    }
    return result;
}

// The GPU the winners' results name; the run's device (its backend, "cpu") where none does.
std::string deviceOf(const RunRecord &run, const std::vector<Row> &rows)
{
    for (const Row &row : rows)
        if (!row.best.result.device.empty())
            return row.best.result.device;
    return run.device;
}

// "2.5": a tolerance as the command line took it.
std::string percentText(double fraction)
{
    char text[40];
    std::snprintf(text, sizeof text, "%g", fraction * 100);
    return text;
}

// "1 configuration", "2 configurations".
std::string countOf(std::size_t count, const std::string &noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string titleComment(const Spec &spec, const RunRecord &run, const KernelSet *set)
{
    const std::string runId = std::to_string(run.id);
    if (!set)
        return "// Best configurations of spec " + cppStringLiteral(spec.name) + ", tuned by run " +
               runId + ".\n";
    return "// A kernel set of spec " + cppStringLiteral(spec.name) + ", tuned by run " + runId +
           ": " + countOf(set->kernels.size(), "configuration") + " for " +
           countOf(set->tunedSizes(), "tuned problem size") + ", each within " +
           percentText(set->maxSlowdown) + "% of its own best (" +
           (set->exact ? "the fewest possible" : "greedy's choice: maybe not the fewest") + ").\n";
}

std::string commandOf(const RunRecord &run, const KernelSet *set)
{
    return "`tunebench-cli export " + std::to_string(run.id) + " --format cpp" +
           (set ? " --max-slowdown " + percentText(set->maxSlowdown) : std::string()) + "`";
}

// What the constants say, for readers who only look at the top of the file.
std::string environmentComment(const Spec &spec, const RunRecord &run, const std::string &device,
                               const std::string &toolVersion, const KernelSet *set)
{
    const std::string notRecorded = "not recorded (Tunebench workspaces do not keep it)\n";
    return titleComment(spec, run, set) + "// Generated by " + commandOf(run, set) +
           " (Tunebench " + cppStringLiteral(toolVersion) +
           "): do not edit.\n//\n// Measured on:\n//   device:             " +
           cppStringLiteral(device) + "\n//   compute capability: " + notRecorded +
           "//   driver:             " + notRecorded +
           "//   Tunebench version:  " + cppStringLiteral(run.toolVersion) +
           "\n//   kernel source hash: " + cppStringLiteral(Store::contentHash(spec.kernel.code)) +
           "\n//   spec hash:          " + cppStringLiteral(Store::contentHash(spec.document)) +
           "\n//   run started:        " + cppStringLiteral(run.startedAt) +
           "\n//   run finished:       " + cppStringLiteral(run.finishedAt) + "\n";
}

std::string selectionComment()
{
    return "//\n"
           "// selectTuned(size) picks the configuration for any problem size: the row of that\n"
           "// size if it was tuned, else the row of the nearest tuned size, the distance being\n"
           "// the sum over size variables of |log(a) - log(b)| (a value of 0 or less counts as\n"
           "// the smallest positive double). Distances within 1e-9 are a tie, won by the\n"
           "// larger size (the larger sum of log values), then by the earlier row.\n";
}

std::string stringConstant(const char *name, const std::string &value)
{
    return "inline constexpr char " + std::string(name) + "[] = " + cppStringLiteral(value) + ";\n";
}

std::string constants(const Spec &spec, const RunRecord &run, const std::string &device)
{
    return stringConstant("kSpecName", spec.name) + stringConstant("kDevice", device) +
           stringConstant("kTunebenchVersion", run.toolVersion) +
           stringConstant("kKernelSourceHash", Store::contentHash(spec.kernel.code)) +
           stringConstant("kSpecHash", Store::contentHash(spec.document)) +
           "inline constexpr long long kRunId = " + std::to_string(run.id) + ";\n" +
           stringConstant("kRunStartedAt", run.startedAt) +
           stringConstant("kRunFinishedAt", run.finishedAt);
}

std::string structOf(const char *name, const std::vector<Column> &columns)
{
    std::string text = "struct " + std::string(name) + "\n{\n";
    for (const Column &column : columns)
        text += std::string("    ") + (column.whole ? "long long " : "double ") +
                column.identifier + ";\n";
    return text + "};\n";
}

// "{64, 0.5}": a TunedSize or TunedConfig initializer.
std::string initializer(const std::vector<Column> &columns, const Row &row,
                        const std::function<double(const Row &, std::size_t)> &value)
{
    std::string text = "{";
    for (std::size_t i = 0; i < columns.size(); ++i)
        text += (i ? ", " : "") + numberLiteral(value(row, i), columns[i].whole);
    return text + "}";
}

// "1.2500": a slowdown in per cent, to the 1e-4 the comments and tables round to.
std::string percentLiteral(double fraction)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.4f", fraction * 100);
    return text;
}

// A kernel set's row: which kernel, how much slower than the size's own best, and a comment
// naming the size and its own best configuration.
std::string kernelSetColumns(const Spec &spec, const Row &row)
{
    return ", " + std::to_string(row.kernel) + ", " + percentLiteral(row.slowdown) + "}, // " +
           cppStringLiteral(problemSizeLabel(spec, row.sizeIndex)) + ": kernel " +
           std::to_string(row.kernel) + ", " + percentLiteral(row.slowdown) +
           "% slower than its own best, " + cppStringLiteral(row.bestKey) + "\n";
}

std::string tableComment(const KernelSet *set)
{
    if (!set)
        return "// One row per tuned problem size, in the spec's order; median_s: the\n"
               "// winner's median time in seconds.\n";
    return "// One row per tuned problem size, in the spec's order: the configuration of the\n"
           "// set assigned to it (the set's fastest there), median_s its median time there in\n"
           "// seconds, kernel its index in kKernels, slowdown_pct how much slower than the\n"
           "// size's own best it is, in per cent.\n";
}

std::string table(const Spec &spec, const std::vector<Row> &rows,
                  const std::vector<Column> &sizeColumns, const std::vector<Column> &configColumns,
                  const KernelSet *set)
{
    const auto size = [&spec](const Row &row, std::size_t i) { return sizeValue(spec, row, i); };
    std::string text = tableComment(set) + "inline constexpr TunedEntry kTuned[] = {\n";
    for (const Row &row : rows)
        text += "    {" + initializer(sizeColumns, row, size) + ", " +
                initializer(configColumns, row, configValue) + ", " +
                numberLiteral(row.best.result.summary.median, false) +
                (set ? kernelSetColumns(spec, row) : "},\n");
    return text +
           "};\ninline constexpr ::std::size_t kTunedCount = " + std::to_string(rows.size()) +
           ";\n";
}

// The selection rule as code: sizes compared member by member, so the functions are generated
// from the size variables rather than looping over an array of mixed types.
std::string selection(const std::vector<Column> &sizeColumns)
{
    // A spec without size variables has one size: the parameters are then unused.
    const std::string unusedAB =
        sizeColumns.empty() ? "    static_cast<void>(a);\n    static_cast<void>(b);\n" : "";
    const std::string unusedA = sizeColumns.empty() ? "    static_cast<void>(a);\n" : "";
    std::string distance, volume;
    for (const Column &column : sizeColumns) {
        distance += "\n           + ::std::fabs(logOf(a." + column.identifier + ") - logOf(b." +
                    column.identifier + "))";
        volume += "\n           + logOf(a." + column.identifier + ")";
    }
    std::string same;
    for (std::size_t i = 0; i < sizeColumns.size(); ++i)
        same += (i ? " && a." : "a.") + sizeColumns[i].identifier + " == b." +
                sizeColumns[i].identifier;
    return "namespace detail {\n\n"
           "inline double logOf(double value)\n{\n"
           "    return ::std::log(value > 0 ? value : ::std::numeric_limits<double>::min());\n"
           "}\n\n"
           "inline bool sameSize(const TunedSize &a, const TunedSize &b)\n{\n" +
           unusedAB + "    return " + (same.empty() ? std::string("true") : same) +
           ";\n}\n\n"
           "inline double logDistance(const TunedSize &a, const TunedSize &b)\n{\n" +
           unusedAB + "    return 0.0" + distance +
           ";\n}\n\n"
           "inline double logVolume(const TunedSize &a)\n{\n" +
           unusedA + "    return 0.0" + volume +
           ";\n}\n\n"
           "} // namespace detail\n\n"
           "// The row for `size`: its own if tuned, else the nearest tuned size's (see the top).\n"
           "inline const TunedEntry &selectTuned(const TunedSize &size)\n{\n"
           "    for (const TunedEntry &entry : kTuned)\n"
           "        if (detail::sameSize(entry.size, size))\n"
           "            return entry;\n"
           "    constexpr double kTie = 1e-9;\n"
           "    const TunedEntry *best = &kTuned[0];\n"
           "    double bestDistance = detail::logDistance(size, best->size);\n"
           "    for (const TunedEntry &entry : kTuned) {\n"
           "        const double distance = detail::logDistance(size, entry.size);\n"
           "        const bool nearer = distance < bestDistance - kTie;\n"
           "        const bool tieToLarger = distance <= bestDistance + kTie &&\n"
           "                                 detail::logVolume(entry.size) >\n"
           "                                     detail::logVolume(best->size) + kTie;\n"
           "        if (nearer || tieToLarger) {\n"
           "            best = &entry;\n"
           "            bestDistance = distance;\n"
           "        }\n"
           "    }\n"
           "    return *best;\n"
           "}\n";
}

// The set's configurations, each once: one kernel instantiation each, in kernel order.
std::string kernelTable(const KernelSet &set, const std::vector<Column> &configColumns)
{
    std::string text = "// The set's configurations: one kernel instantiation each.\n"
                       "inline constexpr TunedConfig kKernels[] = {\n";
    for (const KernelSetKernel &kernel : set.kernels) {
        Row row;
        row.best.config = kernel.config;
        text += "    " + initializer(configColumns, row, configValue) + ", // " +
                cppStringLiteral(kernel.configKey) + "\n";
    }
    return text + "};\ninline constexpr ::std::size_t kKernelCount = " +
           std::to_string(set.kernels.size()) +
           ";\n// Every tuned size runs within this many per cent of its own best.\n"
           "inline constexpr double kMaxSlowdownPct = " +
           numberLiteral(set.maxSlowdown * 100, false) + ";\n\n";
}

std::string entryStruct(const KernelSet *set)
{
    return "struct TunedEntry\n{\n    TunedSize size;\n    TunedConfig config;\n"
           "    double median_s;\n" +
           std::string(set ? "    ::std::size_t kernel;\n    double slowdown_pct;\n" : "") + "};\n";
}

std::string header(const Spec &spec, const RunRecord &run, const std::vector<Row> &rows,
                   const std::string &toolVersion, const KernelSet *set)
{
    const auto size = [&spec](const Row &row, std::size_t i) { return sizeValue(spec, row, i); };
    const auto sizeColumns = columns(spec.sizes.names, rows, size);
    std::vector<std::string> parameterNames;
    for (const Parameter &parameter : spec.parameters)
        parameterNames.push_back(parameter.name);
    const auto configColumns = columns(parameterNames, rows, configValue);
    const std::string device = deviceOf(run, rows);
    const std::string name = cppIdentifier(spec.name, "spec_");
    return environmentComment(spec, run, device, toolVersion, set) + selectionComment() +
           "\n#pragma once\n\n#include <cmath>\n#include <cstddef>\n#include <limits>\n\n"
           "namespace tunebench::" +
           name + " {\n\n" + constants(spec, run, device) + "\n" +
           structOf("TunedSize", sizeColumns) + "\n" + structOf("TunedConfig", configColumns) +
           "\n" + (set ? kernelTable(*set, configColumns) : "") + entryStruct(set) + "\n" +
           table(spec, rows, sizeColumns, configColumns, set) + "\n" + selection(sizeColumns) +
           "\n} // namespace tunebench::" + name + "\n";
}

} // namespace

Expected<std::string> exportCppHeader(const Spec &spec, const RunRecord &run,
                                      const std::vector<StoredResult> &results,
                                      const std::string &toolVersion)
{
    const std::vector<Row> rows = tunedRows(spec, results);
    if (rows.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "run " + std::to_string(run.id) +
                             " has no successful configuration to export as a C++ header",
                         "`show " + std::to_string(run.id) + " --all` lists its results");
    return header(spec, run, rows, toolVersion, nullptr);
}

std::string exportKernelSetHeader(const Spec &spec, const RunRecord &run, const KernelSet &set,
                                  const std::string &toolVersion)
{
    return header(spec, run, kernelSetRows(set), toolVersion, &set);
}

} // namespace tb
