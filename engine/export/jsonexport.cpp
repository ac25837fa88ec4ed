#include "jsonexport.h"

#include "analysis/bestpersize.h"
#include "analysis/searchtrail.h"
#include "analysis/winnermargin.h"
#include "storage/store.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>

namespace tb {

namespace {

using nlohmann::json;

// 64, not 64.0: consumers index tables by these values. JSON has no NaN or infinity.
json number(double value)
{
    if (!std::isfinite(value))
        return nullptr;
    if (std::nearbyint(value) == value && std::fabs(value) < 9007199254740992.0)
        return static_cast<std::int64_t>(value);
    return value;
}

json numberMap(const std::map<std::string, double> &map)
{
    json object = json::object();
    for (const auto &[name, value] : map)
        object[name] = number(value);
    return object;
}

json textOrNull(const std::string &text)
{
    return text.empty() ? json(nullptr) : json(text);
}

std::string utcNow()
{
    using namespace std::chrono;
    const auto now = system_clock::now();
    const std::time_t seconds = system_clock::to_time_t(now);
    const auto millis = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    const auto length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    std::snprintf(text + length, sizeof text - length, ".%03dZ", static_cast<int>(millis));
    return text;
}

json problemSize(const Spec &spec, std::size_t sizeIndex)
{
    json size = json::object();
    if (sizeIndex >= spec.sizes.values.size())
        return size;
    const auto &row = spec.sizes.values[sizeIndex];
    for (std::size_t i = 0; i < spec.sizes.names.size() && i < row.size(); ++i)
        size[spec.sizes.names[i]] = number(row[i]);
    return size;
}

json configuration(const Spec &spec, const Configuration &config)
{
    json object = json::object();
    for (std::size_t i = 0; i < spec.parameters.size() && i < config.values.size(); ++i)
        object[spec.parameters[i].name] = number(config.values[i]);
    return object;
}

std::string missingReason(const Spec &spec, const std::vector<StoredResult> &results,
                          std::size_t sizeIndex)
{
    for (const StoredResult &stored : results) {
        if (stored.sizeIndex == sizeIndex && stored.result.status == ResultStatus::Ok)
            return "no successful configuration has a value for the objective '" +
                   spec.objective.metric + "'";
    }
    return "no configuration succeeded";
}

// Each ok round's median of the result, round 1 first; empty unless it had several.
json roundMedians(std::int64_t resultId, const std::vector<StoredRound> &rounds)
{
    json medians = json::array();
    for (const StoredRound &round : rounds)
        if (round.resultId == resultId && round.result.status == ResultStatus::Ok)
            medians.push_back(number(round.result.summary.median));
    return medians;
}

// The runner-up and how clearly the best beats it (WinnerMargin); null without a runner-up.
json runnerUpEntry(const Spec &spec, const std::vector<StoredResult> &results,
                   std::size_t sizeIndex, const StoredResult &best)
{
    const auto second = runnerUp(spec, results, sizeIndex, best.id);
    if (!second)
        return nullptr;
    const auto margin = winnerMargin(spec, best.result, second->result);
    if (!margin)
        return nullptr;
    return {{"config_key", second->configKey},
            {"lead", number(margin->lead)},
            {"uncertainty", number(margin->uncertainty)},
            {"clock_step", number(margin->clockStep)},
            {"decided", margin->decided()}};
}

// Which strategy found the best, after how many evaluations (both counts: SearchTrail).
json searchEntry(const RunRecord &run, const std::vector<StoredResult> &results,
                 std::size_t sizeIndex, const StoredResult &best)
{
    const SearchTrail trail = searchTrail(results, sizeIndex, best.id);
    return {{"strategy", run.strategy},
            {"evaluations", trail.evaluations},
            {"evaluations_to_best", trail.toBest},
            {"ok_evaluations", trail.okEvaluations},
            {"ok_evaluations_to_best", trail.okToBest}};
}

json bestEntry(const Spec &spec, const RunRecord &run, const std::vector<StoredResult> &results,
               std::size_t sizeIndex, const std::optional<StoredResult> &best,
               const std::vector<StoredRound> &rounds)
{
    json entry = {{"problem_size", problemSize(spec, sizeIndex)}};
    if (!best) {
        entry["config"] = nullptr;
        entry["reason"] = missingReason(spec, results, sizeIndex);
        return entry;
    }
    const SampleSummary &summary = best->result.summary;
    entry["config"] = configuration(spec, best->config);
    entry["config_key"] = best->configKey;
    entry["median_s"] = number(summary.median);
    entry["min_s"] = number(summary.min);
    entry["mean_s"] = number(summary.mean);
    entry["stddev_s"] = number(summary.stddev);
    entry["samples"] = summary.count;
    entry["rel_ci_half_width"] = number(summary.relativeHalfWidth);
    entry["metrics"] = numberMap(best->result.metrics);
    entry["resources"] = numberMap(best->result.resources);
    if (json medians = roundMedians(best->id, rounds); medians.size() > 1)
        entry["round_medians_s"] = std::move(medians);
    if (json second = runnerUpEntry(spec, results, sizeIndex, *best); !second.is_null())
        entry["runner_up"] = std::move(second);
    entry["search"] = searchEntry(run, results, sizeIndex, *best);
    return entry;
}

json document(const Spec &spec, const RunRecord &run, const std::vector<StoredResult> &results,
              const HostInfo &host, const std::vector<StoredRound> &rounds)
{
    json best = json::array();
    const auto winners = bestPerSize(spec, results);
    for (std::size_t i = 0; i < winners.size(); ++i)
        best.push_back(bestEntry(spec, run, results, i, winners[i], rounds));
    return {
        {"format", "tunebench-export"},
        {"format_version", kExportFormatVersion},
        {"tool_version", host.toolVersion},
        {"exported_at", utcNow()},
        {"host",
         {{"hostname", host.hostname},
          {"os", host.os},
          {"cpu", host.cpu},
          {"device", host.device}}},
        {"spec",
         {{"name", spec.name},
          {"backend", toString(spec.backend)},
          {"entry", spec.kernel.entry},
          // What `verify` measures again with: the spec as run, kernel source inlined.
          {"document", spec.document},
          {"hash", Store::contentHash(spec.document)},
          {"objective",
           {{"metric", spec.objective.metric},
            {"direction", spec.objective.minimize ? "minimize" : "maximize"}}}}},
        {"run",
         {{"id", run.id},
          {"state", toString(run.state)},
          {"strategy", run.strategy},
          {"started_at", textOrNull(run.startedAt)},
          {"finished_at", textOrNull(run.finishedAt)},
          {"host", run.host},
          {"device", run.device},
          {"tool_version", run.toolVersion}}},
        {"best", std::move(best)},
    };
}

} // namespace

Expected<std::string> exportJson(const Spec &spec, const RunRecord &run,
                                 const std::vector<StoredResult> &results, const HostInfo &host,
                                 const std::vector<StoredRound> &rounds)
{
    try {
        // replace: a name or message with invalid UTF-8 must not fail the whole export.
        return document(spec, run, results, host, rounds)
                   .dump(2, ' ', false, json::error_handler_t::replace) +
               "\n";
    } catch (const std::exception &error) {
        return makeError(EngineError::Code::Internal, "cannot export run as JSON", error.what());
    }
}

} // namespace tb
