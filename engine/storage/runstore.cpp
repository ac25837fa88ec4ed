// A workspace's runs. One writer per run: the process tuning a run writes itself into the run's
// row; a second process that would write the same run is refused while the first is alive, and
// takes over once it is gone.
#include "runstore.h"

#include "transaction.h"

#include <array>
#include <utility>

namespace tb {

namespace {

constexpr const char *kSelectRun =
    "SELECT r.id, r.spec_id, s.name, r.state, r.strategy, r.host, r.tool_version, r.device,"
    " r.started_at, coalesce(r.finished_at, ''),"
    " (SELECT count(*) FROM results WHERE run_id = r.id),"
    " r.holder_pid, r.holder_host, r.holder_started, r.origin, r.source_file, r.source_hash,"
    " r.peak_flops, r.peak_bytes_per_second"
    " FROM runs r JOIN specs s ON s.id = r.spec_id ";

RunRecord runFromRow(const Statement &row)
{
    RunRecord run;
    run.id = row.intAt(0);
    run.specId = row.intAt(1);
    run.specName = row.textAt(2);
    run.state = runStateFromString(row.textAt(3)).value_or(RunState::Unknown);
    run.strategy = row.textAt(4);
    run.host = row.textAt(5);
    run.toolVersion = row.textAt(6);
    run.device = row.textAt(7);
    run.startedAt = row.textAt(8);
    run.finishedAt = row.textAt(9);
    run.resultCount = row.intAt(10);
    run.origin = row.textAt(14);
    run.sourceFile = row.textAt(15);
    run.sourceHash = row.textAt(16);
    if (!row.isNull(17)) {
        run.devicePeaks.flopsPerSecond = row.doubleAt(17);
        run.devicePeaks.flopsSource = kPeakFromDevice;
    }
    if (!row.isNull(18)) {
        run.devicePeaks.bytesPerSecond = row.doubleAt(18);
        run.devicePeaks.bytesSource = kPeakFromDevice;
    }
    if (!row.isNull(11))
        run.holder = RunHolder{row.intAt(11), row.textAt(12), row.textAt(13)};
    // A run whose writer is gone stays "running" in the file until it is resumed; say what it is.
    if (run.state == RunState::Running && (!run.holder || !isAlive(*run.holder)))
        run.state = RunState::Interrupted;
    return run;
}

// Runs a run query bound to one id; the rows in query order.
Expected<std::vector<RunRecord>> queryRuns(Database &db, const std::string &sql,
                                           std::optional<std::int64_t> id,
                                           const std::string &operation)
{
    auto query = id ? db.query(sql, operation, {*id}) : db.query(sql, operation);
    if (!query)
        return query.error();
    return collectRows<RunRecord>(
        *query, [](const Statement &row) -> Expected<RunRecord> { return runFromRow(row); });
}

Status noSuchRun(const std::string &operation, const std::string &path)
{
    return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                     "no such run in " + path);
}

} // namespace

Expected<std::int64_t> RunStore::create(const RunRecord &run)
{
    const std::string operation = "create a run of spec " + std::to_string(run.specId);
    const RunHolder noHolder;
    const RunHolder &holder = run.holder ? *run.holder : noHolder;
    // NULL: no holder's pid; a peak the device did not give (a CPU run, a driver without clocks).
    if (auto status = m_db.run("INSERT INTO runs (spec_id, state, strategy, host, tool_version,"
                               " device, holder_pid, holder_host, holder_started,"
                               " peak_flops, peak_bytes_per_second)"
                               " VALUES (?1, 'running', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                               operation,
                               {run.specId, run.strategy, run.host, run.toolVersion, run.device,
                                run.holder ? SqlValue(holder.pid) : SqlValue(nullptr), holder.host,
                                holder.started, run.devicePeaks.flopsPerSecond,
                                run.devicePeaks.bytesPerSecond});
        !status)
        return status.error();
    return m_db.lastInsertId();
}

Expected<std::optional<RunHolder>> RunStore::claim(std::int64_t runId, const RunHolder &me)
{
    const std::string operation = "claim run " + std::to_string(runId);
    // Read and write under one write lock: two processes claiming at once cannot both win.
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    auto found =
        m_db.firstRow("SELECT holder_pid, holder_host, holder_started FROM runs WHERE id = ?1",
                      operation, {runId});
    if (!found)
        return found.error();
    if (!*found)
        return noSuchRun(operation, m_db.path()).error();
    if (const Statement &row = **found; !row.isNull(0)) {
        const RunHolder holder{row.intAt(0), row.textAt(1), row.textAt(2)};
        if (holder != me && isAlive(holder))
            return std::optional<RunHolder>(holder);
    }
    if (auto status = m_db.run("UPDATE runs SET holder_pid = ?1, holder_host = ?2,"
                               " holder_started = ?3 WHERE id = ?4",
                               operation, {me.pid, me.host, me.started, runId});
        !status)
        return status.error();
    if (auto status = transaction->commit(); !status)
        return status.error();
    return std::optional<RunHolder>();
}

Status RunStore::release(std::int64_t runId, const RunHolder &me)
{
    return m_db.run("UPDATE runs SET holder_pid = NULL, holder_host = '',"
                    " holder_started = '' WHERE id = ?1 AND holder_pid = ?2"
                    " AND holder_host = ?3 AND holder_started = ?4",
                    "release run " + std::to_string(runId), {runId, me.pid, me.host, me.started});
}

Expected<std::optional<RunRecord>> RunStore::latest(std::int64_t specId)
{
    auto runs = queryRuns(m_db,
                          std::string(kSelectRun) +
                              "WHERE r.spec_id = ?1 AND r.origin = '' ORDER BY r.id DESC LIMIT 1",
                          specId, "find the latest run of spec " + std::to_string(specId));
    if (!runs)
        return runs.error();
    if (runs->empty())
        return std::optional<RunRecord>{};
    return std::optional<RunRecord>{std::move(runs->front())};
}

Expected<RunRecord> RunStore::read(std::int64_t runId)
{
    auto runs = queryRuns(m_db, std::string(kSelectRun) + "WHERE r.id = ?1", runId,
                          "read run " + std::to_string(runId));
    if (!runs)
        return runs.error();
    if (runs->empty()) {
        return makeError(EngineError::Code::InvalidArgument,
                         "no run " + std::to_string(runId) + " in workspace", m_db.path());
    }
    return std::move(runs->front());
}

Expected<std::vector<RunRecord>> RunStore::all()
{
    // Ids grow with every insert, so the highest id is the newest run whatever the clock did.
    return queryRuns(m_db, std::string(kSelectRun) + "ORDER BY r.id DESC", std::nullopt,
                     "list runs");
}

Expected<std::optional<std::int64_t>> RunStore::importedFrom(const std::string &sourceHash)
{
    auto found = m_db.firstRow("SELECT id FROM runs WHERE source_hash = ?1 AND origin != ''"
                               " ORDER BY id LIMIT 1",
                               "look for a run imported from the same file", {sourceHash});
    if (!found)
        return found.error();
    return *found ? std::optional<std::int64_t>((*found)->intAt(0)) : std::nullopt;
}

Status RunStore::setState(std::int64_t runId, RunState state)
{
    const std::string name(toString(state));
    const std::string operation = "set run " + std::to_string(runId) + " to '" + name + "'";
    // Interrupted is how a running run whose writer is gone reads, Unknown how a state text no
    // state names reads: neither is ever stored.
    if (state == RunState::Interrupted || state == RunState::Unknown) {
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "a run state is running, finished, stopped or failed");
    }
    if (auto status =
            m_db.run("UPDATE runs SET state = ?1, finished_at = CASE WHEN ?1 = 'running' THEN NULL"
                     " ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END WHERE id = ?2",
                     operation, {name, runId});
        !status)
        return status;
    return m_db.changes() == 0 ? noSuchRun(operation, m_db.path()) : ok();
}

Status RunStore::setStrategy(std::int64_t runId, const std::string &strategy)
{
    const std::string operation = "record the strategy of run " + std::to_string(runId);
    if (auto status =
            m_db.run("UPDATE runs SET strategy = ?1 WHERE id = ?2", operation, {strategy, runId});
        !status)
        return status;
    return m_db.changes() == 0 ? noSuchRun(operation, m_db.path()) : ok();
}

Status RunStore::setDevice(std::int64_t runId, const std::string &device, const DevicePeaks &peaks)
{
    const std::string operation = "record the device of run " + std::to_string(runId);
    // NULL: a peak the device did not give, as create() stores it.
    if (auto status =
            m_db.run("UPDATE runs SET device = ?1, peak_flops = ?2, peak_bytes_per_second = ?3 "
                     "WHERE id = ?4",
                     operation, {device, peaks.flopsPerSecond, peaks.bytesPerSecond, runId});
        !status)
        return status;
    return m_db.changes() == 0 ? noSuchRun(operation, m_db.path()) : ok();
}

Status RunStore::setDataFiles(std::int64_t runId, const std::vector<RunDataFile> &files)
{
    const std::string operation = "record the data files of run " + std::to_string(runId);
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    if (auto status = m_db.run("DELETE FROM run_data_files WHERE run_id = ?1", operation, {runId});
        !status)
        return status;
    for (const RunDataFile &file : files) {
        if (auto status = m_db.run("INSERT OR REPLACE INTO run_data_files"
                                   " (run_id, argument, path, hash) VALUES (?1, ?2, ?3, ?4)",
                                   operation, {runId, file.argument, file.path, file.hash});
            !status)
            return status;
    }
    return transaction->commit();
}

Expected<std::vector<RunDataFile>> RunStore::dataFiles(std::int64_t runId)
{
    auto query = m_db.query("SELECT argument, path, hash FROM run_data_files WHERE run_id = ?1"
                            " ORDER BY argument, path",
                            "read the data files of run " + std::to_string(runId), {runId});
    if (!query)
        return query.error();
    return collectRows<RunDataFile>(*query, [](const Statement &row) -> Expected<RunDataFile> {
        return RunDataFile{row.textAt(0), row.textAt(1), row.textAt(2)};
    });
}

} // namespace tb
