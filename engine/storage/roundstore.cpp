#include "roundstore.h"

#include "jsoncolumns.h"
#include "samplecolumns.h"
#include "transaction.h"

#include <unordered_map>

namespace tb {

namespace {

Expected<bool> roundExists(Database &db, std::int64_t resultId, int round,
                           const std::string &operation)
{
    auto query = db.query("SELECT 1 FROM result_rounds WHERE result_id = ?1 AND round = ?2",
                          operation, {resultId, round});
    if (!query)
        return query.error();
    return query->step();
}

Status checkResultExists(Database &db, std::int64_t resultId, const std::string &operation)
{
    auto row = db.firstRow("SELECT 1 FROM results WHERE id = ?1", operation, {resultId});
    if (!row)
        return row.error();
    if (!*row)
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "no result " + std::to_string(resultId) + " in " + db.path());
    return ok();
}

// Round 1 is the result's own measurement: its row and samples, as the grid stored them.
Status copyFirstRound(Database &db, std::int64_t resultId, const std::string &operation)
{
    if (auto status = db.run(
            "INSERT INTO result_rounds (result_id, round, status, message, timer, median, min,"
            " mean, stddev, sample_count, rel_half_width, resources_json, created_at, device,"
            " device_uuid, host) SELECT id, 1, status, message, timer, median, min, mean, stddev,"
            " sample_count, rel_half_width, resources_json, created_at, device, device_uuid, host"
            " FROM results WHERE id = ?1",
            operation, {resultId});
        !status)
        return status;
    return db.run("INSERT INTO round_samples (round_id, seq, seconds)"
                  " SELECT ?1, seq, seconds FROM samples WHERE result_id = ?2",
                  operation, {db.lastInsertId(), resultId});
}

Status insertRound(Database &db, std::int64_t resultId, int round, const Result &measured,
                   const std::string &operation)
{
    auto insert = db.prepare(
        "INSERT INTO result_rounds (result_id, round, status, message, timer, median, min, mean,"
        " stddev, sample_count, rel_half_width, resources_json, device, device_uuid, host)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        operation);
    if (!insert)
        return insert.error();
    insert->bindInt(1, resultId).bindInt(2, round).bindText(3, toString(measured.status));
    insert->bindText(4, measured.message).bindText(5, measured.timer);
    bindSummary(*insert, 6, measured.summary);
    insert->bindText(12, numberMapToJson(measured.resources));
    insert->bindText(13, measured.device).bindText(14, measured.deviceUuid);
    insert->bindText(15, measured.host);
    if (auto status = insert->run(); !status)
        return status;
    return insertSamples(db,
                         "INSERT INTO round_samples (round_id, seq, seconds) VALUES (?1, ?2, ?3)",
                         db.lastInsertId(), measured.samples, operation);
}

Status updateSummary(Database &db, std::int64_t resultId, const Result &combined,
                     const std::string &operation)
{
    auto update = db.prepare("UPDATE results SET median = ?2, min = ?3, mean = ?4, stddev = ?5,"
                             " sample_count = ?6, rel_half_width = ?7, metrics_json = ?8"
                             " WHERE id = ?1",
                             operation);
    if (!update)
        return update.error();
    update->bindInt(1, resultId);
    bindSummary(*update, 2, combined.summary);
    update->bindText(8, numberMapToJson(combined.metrics));
    return update->run();
}

Expected<StoredRound> roundFromRow(const Statement &row)
{
    StoredRound stored;
    stored.resultId = row.intAt(0);
    stored.round = static_cast<int>(row.intAt(1));
    const auto status = statusAt(row, 2,
                                 "round " + std::to_string(stored.round) + " of result " +
                                     std::to_string(stored.resultId));
    if (!status)
        return status.error();
    Result &result = stored.result;
    result.status = *status;
    result.message = row.textAt(3);
    result.timer = row.textAt(4);
    result.summary = summaryAt(row, 5);
    auto resources = numberMapFromJson(row.textAt(11));
    if (!resources)
        return resources.error();
    result.resources = std::move(*resources);
    stored.createdAt = row.textAt(12);
    stored.id = row.intAt(13);
    result.device = row.textAt(14);
    result.deviceUuid = row.textAt(15);
    result.host = row.textAt(16);
    return stored;
}

Status readRoundSamples(Database &db, std::int64_t runId, std::vector<StoredRound> &rounds)
{
    std::unordered_map<std::int64_t, std::size_t> indexById;
    for (std::size_t i = 0; i < rounds.size(); ++i)
        indexById.emplace(rounds[i].id, i);
    return readSamples(
        db,
        "SELECT s.round_id, s.seconds FROM round_samples s"
        " JOIN result_rounds o ON o.id = s.round_id JOIN results r ON r.id = o.result_id"
        " WHERE r.run_id = ?1 ORDER BY s.round_id, s.seq",
        runId,
        [&](std::int64_t id) -> std::vector<double> * {
            const auto found = indexById.find(id);
            return found == indexById.end() ? nullptr : &rounds[found->second].result.samples;
        },
        "read the round samples of run " + std::to_string(runId));
}

} // namespace

Status RoundStore::save(std::int64_t resultId, int round, const Result &measured,
                        const Result &combined)
{
    const std::string operation =
        "save round " + std::to_string(round) + " of result " + std::to_string(resultId);
    if (round < 2)
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "round 1 is the result itself; rounds saved later start at 2");
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    if (auto status = checkResultExists(m_db, resultId, operation); !status)
        return status;
    auto exists = roundExists(m_db, resultId, round, operation);
    if (!exists)
        return exists.error();
    if (*exists)
        return makeError(EngineError::Code::StoreError, "cannot " + operation,
                         "that round is already stored (kept unchanged)");
    auto first = roundExists(m_db, resultId, 1, operation);
    if (!first)
        return first.error();
    if (!*first) {
        if (auto status = copyFirstRound(m_db, resultId, operation); !status)
            return status;
    }
    if (auto status = insertRound(m_db, resultId, round, measured, operation); !status)
        return status;
    if (auto status = updateSummary(m_db, resultId, combined, operation); !status)
        return status;
    return transaction->commit();
}

Expected<std::vector<StoredRound>> RoundStore::ofRun(std::int64_t runId, bool withSamples)
{
    const std::string operation = "read the rounds of run " + std::to_string(runId);
    auto query = m_db.query(
        "SELECT o.result_id, o.round, o.status, o.message, o.timer, o.median, o.min, o.mean,"
        " o.stddev, o.sample_count, o.rel_half_width, o.resources_json, o.created_at, o.id,"
        " o.device, o.device_uuid, o.host FROM result_rounds o JOIN results r ON r.id = o.result_id"
        " WHERE r.run_id = ?1 ORDER BY o.result_id, o.round",
        operation, {runId});
    if (!query)
        return query.error();
    auto rounds = collectRows<StoredRound>(*query, roundFromRow);
    if (rounds && withSamples) {
        if (auto status = readRoundSamples(m_db, runId, *rounds); !status)
            return status.error();
    }
    return rounds;
}

} // namespace tb
