#include "resultrows.h"

#include "jsoncolumns.h"
#include "samplecolumns.h"

namespace tb {

namespace {

// The configuration's row id, inserting the row if it is new (an existing row is kept as is).
Expected<std::int64_t> configurationId(Database &db, std::int64_t specId,
                                       const std::string &configKey, const Configuration &config,
                                       std::size_t sizeIndex, const std::string &operation)
{
    const auto size = static_cast<std::int64_t>(sizeIndex);
    if (auto status = db.run("INSERT INTO configurations (spec_id, config_key, size_index,"
                             " values_json) VALUES (?1, ?2, ?3, ?4)"
                             " ON CONFLICT (spec_id, config_key, size_index) DO NOTHING",
                             operation, {specId, configKey, size, valuesToJson(config.values)});
        !status)
        return status.error();
    auto row = db.firstRow("SELECT id FROM configurations"
                           " WHERE spec_id = ?1 AND config_key = ?2 AND size_index = ?3",
                           operation, {specId, configKey, size});
    if (!row)
        return row.error();
    if (!*row)
        return db.error(operation);
    return (*row)->intAt(0);
}

Status checkNotStored(Database &db, std::int64_t runId, std::int64_t configurationId,
                      const std::string &operation)
{
    auto row = db.firstRow("SELECT id FROM results WHERE run_id = ?1 AND configuration_id = ?2",
                           operation, {runId, configurationId});
    if (!row)
        return row.error();
    if (*row) {
        return makeError(EngineError::Code::StoreError, "cannot " + operation,
                         "the run already has a result for it (result " +
                             std::to_string((*row)->intAt(0)) + ", kept unchanged)");
    }
    return ok();
}

Expected<std::int64_t> insertResult(Database &db, std::int64_t runId, std::int64_t configurationId,
                                    const Result &result, const std::string &operation)
{
    auto insert = db.prepare(
        "INSERT INTO results (run_id, configuration_id, status, message, compiler_log, timer,"
        " median, min, mean, stddev, sample_count, rel_half_width, compile_seconds,"
        " cached_build, resources_json, metrics_json, device, device_uuid, host)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
        " ?18, ?19)",
        operation);
    if (!insert)
        return insert.error();
    insert->bindInt(1, runId).bindInt(2, configurationId).bindText(3, toString(result.status));
    insert->bindText(4, result.message).bindText(5, result.compilerLog).bindText(6, result.timer);
    bindSummary(*insert, 7, result.summary);
    insert->bindDouble(13, result.compileSeconds).bindInt(14, result.cachedBuild ? 1 : 0);
    insert->bindText(15, numberMapToJson(result.resources));
    insert->bindText(16, numberMapToJson(result.metrics));
    insert->bindText(17, result.device).bindText(18, result.deviceUuid);
    insert->bindText(19, result.host);
    if (auto status = insert->run(); !status)
        return status.error();
    return db.lastInsertId();
}

} // namespace

Expected<std::int64_t> insertResultWithSamples(Database &db, std::int64_t runId,
                                               std::int64_t specId, const std::string &configKey,
                                               const Configuration &config, std::size_t sizeIndex,
                                               const Result &result, const std::string &operation)
{
    auto configuration = configurationId(db, specId, configKey, config, sizeIndex, operation);
    if (!configuration)
        return configuration.error();
    if (auto status = checkNotStored(db, runId, *configuration, operation); !status)
        return status.error();
    auto resultId = insertResult(db, runId, *configuration, result, operation);
    if (!resultId)
        return resultId.error();
    if (auto status = insertSamples(db,
                                    "INSERT INTO samples (result_id, seq, seconds)"
                                    " VALUES (?1, ?2, ?3)",
                                    *resultId, result.samples, operation);
        !status)
        return status.error();
    return *resultId;
}

} // namespace tb
