#include "resultstore.h"

#include "jsoncolumns.h"
#include "resultrows.h"
#include "samplecolumns.h"
#include "transaction.h"

#include <unordered_map>
#include <utility>

namespace tb {

namespace {

// Checks that the run exists and belongs to the spec the configuration is filed under.
Status checkRunOfSpec(Database &db, std::int64_t runId, std::int64_t specId,
                      const std::string &operation)
{
    auto row = db.firstRow("SELECT spec_id FROM runs WHERE id = ?1", operation, {runId});
    if (!row)
        return row.error();
    if (!*row) {
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "no run " + std::to_string(runId) + " in " + db.path());
    }
    if (const std::int64_t ofSpec = (*row)->intAt(0); ofSpec != specId) {
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "run " + std::to_string(runId) + " belongs to spec " +
                             std::to_string(ofSpec) + ", not " + std::to_string(specId));
    }
    return ok();
}

Expected<StoredResult> resultFromRow(const Statement &row)
{
    StoredResult stored;
    stored.id = row.intAt(0);
    stored.runId = row.intAt(1);
    stored.configKey = row.textAt(2);
    auto values = valuesFromJson(row.textAt(3));
    if (!values)
        return values.error();
    stored.config.values = std::move(*values);
    stored.sizeIndex = static_cast<std::size_t>(row.intAt(4));
    Result &result = stored.result;
    const auto status = statusAt(row, 5, "result " + std::to_string(stored.id));
    if (!status)
        return status.error();
    result.status = *status;
    result.message = row.textAt(6);
    result.compilerLog = row.textAt(7);
    result.timer = row.textAt(8);
    result.summary = summaryAt(row, 9);
    result.compileSeconds = row.doubleAt(15);
    result.cachedBuild = row.intAt(16) != 0;
    auto resources = numberMapFromJson(row.textAt(17));
    auto metrics = numberMapFromJson(row.textAt(18));
    if (!resources)
        return resources.error();
    if (!metrics)
        return metrics.error();
    result.resources = std::move(*resources);
    result.metrics = std::move(*metrics);
    stored.createdAt = row.textAt(19);
    result.device = row.textAt(20);
    result.deviceUuid = row.textAt(21);
    result.host = row.textAt(22);
    return stored;
}

Status readResultSamples(Database &db, std::int64_t runId, std::vector<StoredResult> &results)
{
    std::unordered_map<std::int64_t, std::size_t> indexById;
    for (std::size_t i = 0; i < results.size(); ++i)
        indexById.emplace(results[i].id, i);
    return readSamples(
        db,
        "SELECT s.result_id, s.seconds FROM samples s JOIN results r ON r.id = s.result_id"
        " WHERE r.run_id = ?1 ORDER BY s.result_id, s.seq",
        runId,
        [&](std::int64_t id) -> std::vector<double> * {
            const auto found = indexById.find(id);
            return found == indexById.end() ? nullptr : &results[found->second].result.samples;
        },
        "read the samples of run " + std::to_string(runId));
}

} // namespace

Expected<std::int64_t> ResultStore::save(std::int64_t runId, std::int64_t specId,
                                         const std::string &configKey, const Configuration &config,
                                         std::size_t sizeIndex, const Result &result)
{
    const std::string operation = "save the result of '" + configKey + "' (size " +
                                  std::to_string(sizeIndex) + ") in run " + std::to_string(runId);
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    if (auto status = checkRunOfSpec(m_db, runId, specId, operation); !status)
        return status.error();
    auto resultId = insertResultWithSamples(m_db, runId, specId, configKey, config, sizeIndex,
                                            result, operation);
    if (!resultId)
        return resultId.error();
    if (auto status = transaction->commit(); !status)
        return status.error();
    return *resultId;
}

Expected<std::vector<StoredResult>> ResultStore::ofRun(std::int64_t runId, bool withSamples)
{
    const std::string operation = "read the results of run " + std::to_string(runId);
    auto query = m_db.query(
        "SELECT r.id, r.run_id, c.config_key, c.values_json, c.size_index, r.status, r.message,"
        " r.compiler_log, r.timer, r.median, r.min, r.mean, r.stddev, r.sample_count,"
        " r.rel_half_width, r.compile_seconds, r.cached_build, r.resources_json,"
        " r.metrics_json, r.created_at, r.device, r.device_uuid, r.host"
        " FROM results r JOIN configurations c ON c.id = r.configuration_id"
        " WHERE r.run_id = ?1 ORDER BY r.id",
        operation, {runId});
    if (!query)
        return query.error();
    auto results = collectRows<StoredResult>(*query, resultFromRow);
    if (results && withSamples) {
        if (auto status = readResultSamples(m_db, runId, *results); !status)
            return status.error();
    }
    return results;
}

Expected<std::set<std::pair<std::string, std::size_t>>>
ResultStore::completedConfigs(std::int64_t runId)
{
    auto query =
        m_db.query("SELECT c.config_key, c.size_index FROM results r"
                   " JOIN configurations c ON c.id = r.configuration_id"
                   " WHERE r.run_id = ?1",
                   "list the completed configurations of run " + std::to_string(runId), {runId});
    if (!query)
        return query.error();
    std::set<std::pair<std::string, std::size_t>> done;
    while (true) {
        auto row = query->step();
        if (!row)
            return row.error();
        if (!*row)
            return done;
        done.emplace(query->textAt(0), static_cast<std::size_t>(query->intAt(1)));
    }
}

} // namespace tb
