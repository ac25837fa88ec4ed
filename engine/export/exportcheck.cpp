#include "exportcheck.h"

#include "space/variables.h"
#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tb {

namespace {

using json = nlohmann::json;

EngineError badExport(const std::string &path, const std::string &what,
                      const std::string &detail = {})
{
    return EngineError{EngineError::Code::InvalidArgument, path + ": " + what, detail};
}

// Exact text of a number for an expression: 17 significant digits read back to the same double.
std::string exactNumber(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

// "(N == 4096 && BM == 64 && BN == 32)": the one configuration a size may run.
std::string admitOne(const json &problemSize, const json &config)
{
    std::string clause;
    const auto add = [&](const std::string &name, const json &value) {
        clause += (clause.empty() ? "" : " && ") + name + " == " + exactNumber(value.get<double>());
    };
    for (const auto &[name, value] : problemSize.items())
        add(name, value);
    for (const auto &[name, value] : config.items())
        add(name, value);
    return "(" + clause + ")";
}

// The spec document narrowed to the shipped configurations, searched exhaustively.
json narrowedDocument(const json &document, const std::vector<std::string> &clauses)
{
    json narrowed = document;
    std::string admit;
    for (const auto &clause : clauses)
        admit += (admit.empty() ? "" : " || ") + clause;
    json constraints = narrowed.value("constraints", json::array());
    constraints.push_back(admit);
    narrowed["constraints"] = constraints;
    json strategy = narrowed.value("strategy", json::object());
    strategy.erase("replay");
    strategy.erase("options");
    strategy.erase("max_configs");
    strategy.erase("max_seconds");
    strategy.erase("stop_after_no_improvement");
    strategy["name"] = "brute_force";
    narrowed["strategy"] = strategy;
    return narrowed;
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

} // namespace

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
    const json best = root.value("best", json::array());
    std::vector<std::string> clauses;
    std::vector<json> sizes;
    ExportCheckPlan plan;
    for (std::size_t i = 0; best.is_array() && i < best.size(); ++i) {
        const json &entry = best[i];
        if (!entry.is_object() || !entry.contains("config") || !entry["config"].is_object())
            continue; // a size without a winner ships nothing
        const auto median = optionalNumber(entry, "median_s");
        const json problemSize = entry.value("problem_size", json::object());
        if (!median || !problemSize.is_object())
            return badExport(path,
                             "best[" + std::to_string(i) + "] lacks median_s or problem_size");
        for (const auto &[name, value] : entry["config"].items())
            if (!value.is_number())
                return badExport(path, "best[" + std::to_string(i) + "].config." + name +
                                           " is not a number");
        ShippedConfig shipped;
        shipped.sizeIndex = i;
        shipped.configKey = text(entry, "config_key");
        shipped.medianSeconds = *median;
        shipped.relativeHalfWidth = optionalNumber(entry, "rel_ci_half_width");
        plan.shipped.push_back(shipped);
        clauses.push_back(admitOne(problemSize, entry["config"]));
    }
    if (plan.shipped.empty())
        return badExport(path, "the export ships no configuration (no problem size has a winner)");
    const json parsed = json::parse(document, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return badExport(path, "spec.document is not a JSON object");
    // The reference configuration must stay valid: outputs are still verified against it.
    const json verification = parsed.value("verification", json::object());
    if (verification.is_object() && verification.contains("reference") &&
        verification["reference"].is_object())
        clauses.push_back(admitOne(json::object(), verification["reference"]));
    SpecLoader loader;
    auto loaded = loader.parse(narrowedDocument(parsed, clauses).dump(), "");
    if (!loaded)
        return badExport(path, "the exported spec does not load: " + loaded.error().message,
                         loaded.error().detail);
    plan.spec = std::move(loaded.value());
    if (plan.spec.sizes.values.size() != best.size())
        return badExport(path, "best lists " + std::to_string(best.size()) +
                                   " problem sizes, the exported spec has " +
                                   std::to_string(plan.spec.sizes.values.size()));
    for (auto &shipped : plan.shipped)
        shipped.sizeLabel = problemSizeLabel(plan.spec, shipped.sizeIndex);
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
            row.verdict = *row.changePercent > thresholdPercent ? ExportCheckRow::Verdict::Slower
                                                                : ExportCheckRow::Verdict::Held;
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
