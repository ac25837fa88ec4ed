#include "exportcheck.h"

#include "analysis/pairnarrowing.h"
#include "analysis/runcomparison.h"
#include "measure/statistics.h"
#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "space/variables.h"
#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace tb {

namespace {

using json = nlohmann::json;

EngineError badExport(const std::string &path, const std::string &what,
                      const std::string &detail = {})
{
    return EngineError{EngineError::Code::InvalidArgument, path + ": " + what, detail};
}

std::string text(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::optional<double> optionalNumber(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return std::nullopt;
    return it->get<double>();
}

// The shipped configuration of best[i] in the spec's parameter order.
Expected<Configuration> shippedConfiguration(const Spec &spec, const json &config,
                                             const std::string &path, std::size_t i)
{
    Configuration configuration;
    for (const Parameter &parameter : spec.parameters) {
        const auto value = config.find(parameter.name);
        if (value == config.end() || !value->is_number())
            return badExport(path, "best[" + std::to_string(i) + "].config." + parameter.name +
                                       " is missing or not a number");
        configuration.values.push_back(value->get<double>());
    }
    return configuration;
}

// What the exported and the new median are uncertain by together, relative: both half-widths
// (an export without one adds nothing), unbounded where either median is.
double combinedUncertainty(std::optional<double> exported, double now)
{
    const double then = exported.value_or(0);
    if (!isBoundedHalfWidth(then) || !isBoundedHalfWidth(now))
        return std::numeric_limits<double>::infinity();
    return then + now;
}

// The policy of verify, on one configuration measured ok again.
ExportCheckRow::Verdict verdictOf(const ShippedConfig &shipped, const SampleSummary &now,
                                  double thresholdPercent)
{
    ComparedResult pair{shipped.configKey, shipped.medianSeconds, now.median};
    pair.uncertainty = combinedUncertainty(shipped.relativeHalfWidth, now.relativeHalfWidth);
    if (pair.change() * 100.0 <= thresholdPercent)
        return ExportCheckRow::Verdict::Held;
    return pair.beyondUncertainty() ? ExportCheckRow::Verdict::Slower
                                    : ExportCheckRow::Verdict::Inconclusive;
}

// A slowdown measured on a busy machine, up to what the load alone can cause
// (busyHostReachPercent), cannot be told from the load's doing.
void judgeOnBusyHost(ExportCheckRow &row, const Result &result)
{
    row.busyHost = measuredOnBusyHost(result);
    const bool withinTheLoadsReach =
        row.changePercent.value_or(0) <=
        busyHostReachPercent(result.resource(figures::kCpuWait).value_or(0));
    if (row.verdict != ExportCheckRow::Verdict::Slower || !row.busyHost || !withinTheLoadsReach)
        return;
    row.verdict = ExportCheckRow::Verdict::Inconclusive;
    row.message = "the machine was busy: " + busyHostReason(result) + "; verify on a quiet machine";
}

} // namespace

// A thread that waited for its CPU a share w of the sampling loop spent w of the loop's time in
// waits, and each sample reads its clean time plus the waits within it. For the median to read
// F times the clean one, half the samples must each hold (F - 1) clean samples' time of waits:
// (F - 1) / 2 of the clean loop's time at least, so w >= (F - 1) / (F + 1), F <= (1 + w) / (1 - w).
// A combined result carries the highest wait of its rounds, which bounds each round's median.
double busyHostReachPercent(double cpuWait)
{
    const double allowance = 1 + kBusyHostAllowancePercent / 100;
    if (cpuWait >= 1)
        return std::numeric_limits<double>::infinity();
    const double wait = std::max(cpuWait, 0.0);
    return (allowance * (1 + wait) / (1 - wait) - 1) * 100;
}

Expected<ExportCheckPlan> readExportCheckPlan(const std::string &exportText,
                                              const std::string &path)
{
    const json root = json::parse(exportText, nullptr, false);
    if (root.is_discarded() || !root.is_object() || text(root, "format") != "tunebench-export")
        return badExport(path, "not a Tunebench JSON export",
                         "verify reads what `tunebench-cli export RUN --format json` writes");
    const json spec = root.value("spec", json::object());
    const std::string document = text(spec, "document");
    if (document.empty())
        return badExport(path, "the export has no spec document (spec.document)",
                         "it was made before verify existed: export the run again");
    auto exported = SpecLoader().parse(document, "");
    if (!exported)
        return badExport(path, "the exported spec does not load: " + exported.error().message,
                         exported.error().detail);
    const json best = root.value("best", json::array());
    if (!best.is_array() || exported->sizes.values.size() != best.size())
        return badExport(path, "best lists " + std::to_string(best.is_array() ? best.size() : 0) +
                                   " problem sizes, the exported spec has " +
                                   std::to_string(exported->sizes.values.size()));
    std::vector<ConfigAtSize> pairs;
    ExportCheckPlan plan;
    for (std::size_t i = 0; i < best.size(); ++i) {
        const json &entry = best[i];
        if (!entry.is_object() || !entry.contains("config") || !entry["config"].is_object())
            continue; // a size without a winner ships nothing
        const auto median = optionalNumber(entry, "median_s");
        if (!median)
            return badExport(path, "best[" + std::to_string(i) + "] lacks median_s");
        auto config = shippedConfiguration(*exported, entry["config"], path, i);
        if (!config)
            return config.error();
        ShippedConfig shipped;
        shipped.sizeIndex = i;
        shipped.sizeLabel = problemSizeLabel(*exported, i);
        shipped.configKey = text(entry, "config_key");
        shipped.medianSeconds = *median;
        shipped.relativeHalfWidth = optionalNumber(entry, "rel_ci_half_width");
        shipped.config = config.value();
        plan.shipped.push_back(shipped);
        pairs.push_back({std::move(config.value()), i});
    }
    if (plan.shipped.empty())
        return badExport(path, "the export ships no configuration (no problem size has a winner)");
    auto narrowed = narrowSpecToPairs(*exported, pairs);
    if (!narrowed)
        return badExport(path, "the exported spec does not load: " + narrowed.error().message,
                         narrowed.error().detail);
    plan.spec = std::move(narrowed.value());
    const json run = root.value("run", json::object());
    plan.device = text(run, "device");
    plan.toolVersion = text(run, "tool_version");
    plan.specHash = text(spec, "hash");
    return plan;
}

const char *toString(ExportCheckRow::Verdict verdict)
{
    switch (verdict) {
    case ExportCheckRow::Verdict::Held:
        return "held";
    case ExportCheckRow::Verdict::Slower:
        return "SLOWER";
    case ExportCheckRow::Verdict::Inconclusive:
        return "inconclusive";
    case ExportCheckRow::Verdict::Failed:
        return "FAILED";
    case ExportCheckRow::Verdict::Missing:
        return "MISSING";
    }
    return "?";
}

std::vector<ExportCheckRow> compareWithExport(const ExportCheckPlan &plan,
                                              const std::vector<StoredResult> &results,
                                              double thresholdPercent)
{
    std::vector<ExportCheckRow> rows;
    for (const auto &shipped : plan.shipped) {
        ExportCheckRow row;
        row.shipped = shipped;
        for (const auto &stored : results) {
            if (stored.sizeIndex != shipped.sizeIndex || stored.configKey != shipped.configKey)
                continue; // the reference configuration, measured beside it
            if (stored.result.status != ResultStatus::Ok) {
                row.verdict = ExportCheckRow::Verdict::Failed;
                row.message =
                    std::string(toString(stored.result.status)) + ": " + stored.result.message;
                break;
            }
            const SampleSummary &summary = stored.result.summary;
            row.newMedianSeconds = summary.median;
            row.newRelativeHalfWidth = summary.relativeHalfWidth;
            row.changePercent =
                (summary.median - shipped.medianSeconds) / shipped.medianSeconds * 100.0;
            row.verdict = verdictOf(shipped, summary, thresholdPercent);
            if (row.verdict == ExportCheckRow::Verdict::Inconclusive)
                row.message = "measure longer";
            judgeOnBusyHost(row, stored.result);
            break;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<std::string> environmentChanges(const ExportCheckPlan &plan, const std::string &device,
                                            const std::string &toolVersion)
{
    std::vector<std::string> changes;
    const auto compare = [&](const char *what, const std::string &then, const std::string &now) {
        if (!then.empty() && !now.empty() && then != now)
            changes.push_back(std::string(what) + ": " + then + " -> " + now);
    };
    compare("device", plan.device, device);
    compare("Tunebench", plan.toolVersion, toolVersion);
    return changes;
}

} // namespace tb
