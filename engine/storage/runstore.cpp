#include "store.h"

#include "workspacefile.h"

#include <array>
#include <cstdio>
#include <utility>

namespace tb {

namespace {

constexpr std::array<const char *, 4> kRunStates = {"running", "finished", "stopped", "failed"};

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
    run.state = row.textAt(3);
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
    if (run.state == "running" && (!run.holder || !isAlive(*run.holder)))
        run.state = "interrupted";
    return run;
}

// Runs a run query bound to one id; the rows in query order.
Expected<std::vector<RunRecord>> queryRuns(Database &db, const std::string &sql,
                                           std::optional<std::int64_t> id,
                                           const std::string &operation)
{
    auto query = db.prepare(sql, operation);
    if (!query)
        return query.error();
    if (id)
        query->bindInt(1, *id);
    std::vector<RunRecord> runs;
    while (true) {
        auto row = query->step();
        if (!row)
            return row.error();
        if (!*row)
            return runs;
        runs.push_back(runFromRow(*query));
    }
}

bool isRunState(const std::string &state)
{
    for (const char *known : kRunStates) {
        if (state == known)
            return true;
    }
    return false;
}

} // namespace

Expected<Store> Store::open(const std::string &path)
{
    auto opened = openWorkspace(path);
    if (!opened)
        return opened.error();
    return Store(std::move(opened->db), opened->schemaVersion);
}

Expected<Store> Store::openToRead(const std::string &path)
{
    auto opened = openWorkspaceReadOnly(path);
    if (!opened)
        return opened.error();
    return Store(std::move(opened->db), opened->schemaVersion);
}

Store::Store(Database db, int schemaVersion) : m_db(std::move(db)), m_schemaVersion(schemaVersion)
{}

Store::Store(Store &&) noexcept = default;
Store &Store::operator=(Store &&) noexcept = default;
Store::~Store() = default;

std::string Store::contentHash(const std::string &text)
{
    std::uint64_t hash = 14695981039346656037ull; // FNV-1a 64 offset basis
    for (unsigned char byte : text) {
        hash ^= byte;
        hash *= 1099511628211ull; // FNV-1a 64 prime
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::string("fnv1a64:") + hex;
}

Expected<std::int64_t> Store::saveSpec(const Spec &spec)
{
    const std::string operation = "save spec '" + spec.name + "'";
    const std::string hash = contentHash(spec.document);
    auto insert = m_db.prepare("INSERT INTO specs (name, content_hash, document, base_directory)"
                               " VALUES (?1, ?2, ?3, ?4) ON CONFLICT (content_hash) DO NOTHING",
                               operation);
    if (!insert)
        return insert.error();
    insert->bindText(1, spec.name).bindText(2, hash).bindText(3, spec.document);
    insert->bindText(4, spec.baseDirectory);
    if (auto status = insert->run(); !status)
        return status.error();

    auto find = m_db.prepare("SELECT id, document FROM specs WHERE content_hash = ?1", operation);
    if (!find)
        return find.error();
    find->bindText(1, hash);
    auto row = find->step();
    if (!row)
        return row.error();
    if (!*row)
        return m_db.error(operation);
    // A 64-bit hash can collide; a different document under the same hash must not be merged.
    if (find->textAt(1) != spec.document) {
        return makeError(EngineError::Code::StoreError, "cannot " + operation,
                         "another spec document has the same content hash " + hash);
    }
    return find->intAt(0);
}

Expected<StoredSpec> Store::spec(std::int64_t specId)
{
    const std::string operation = "read spec " + std::to_string(specId);
    auto query = m_db.prepare(
        "SELECT id, name, document, base_directory, content_hash FROM specs WHERE id = ?1",
        operation);
    if (!query)
        return query.error();
    query->bindInt(1, specId);
    auto row = query->step();
    if (!row)
        return row.error();
    if (!*row) {
        return makeError(EngineError::Code::InvalidArgument,
                         "no spec " + std::to_string(specId) + " in workspace", path());
    }
    return StoredSpec{query->intAt(0), query->textAt(1), query->textAt(2), query->textAt(3),
                      query->textAt(4)};
}

Expected<std::int64_t> Store::createRun(const RunRecord &run)
{
    const std::string operation = "create a run of spec " + std::to_string(run.specId);
    auto insert = m_db.prepare("INSERT INTO runs (spec_id, state, strategy, host, tool_version,"
                               " device, holder_pid, holder_host, holder_started,"
                               " peak_flops, peak_bytes_per_second)"
                               " VALUES (?1, 'running', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                               operation);
    if (!insert)
        return insert.error();
    insert->bindInt(1, run.specId).bindText(2, run.strategy).bindText(3, run.host);
    insert->bindText(4, run.toolVersion).bindText(5, run.device);
    if (run.holder)
        insert->bindInt(6, run.holder->pid)
            .bindText(7, run.holder->host)
            .bindText(8, run.holder->started);
    else
        insert->bindNull(6).bindText(7, "").bindText(8, "");
    // NULL: a peak the device did not give (a CPU run, a driver without clocks).
    const auto bindPeak = [&](int index, const std::optional<double> &peak) {
        if (peak)
            insert->bindDouble(index, *peak);
        else
            insert->bindNull(index);
    };
    bindPeak(9, run.devicePeaks.flopsPerSecond);
    bindPeak(10, run.devicePeaks.bytesPerSecond);
    if (auto status = insert->run(); !status)
        return status.error();
    return m_db.lastInsertId();
}

Expected<std::optional<RunRecord>> Store::latestRun(std::int64_t specId)
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

Expected<RunRecord> Store::run(std::int64_t runId)
{
    auto runs = queryRuns(m_db, std::string(kSelectRun) + "WHERE r.id = ?1", runId,
                          "read run " + std::to_string(runId));
    if (!runs)
        return runs.error();
    if (runs->empty()) {
        return makeError(EngineError::Code::InvalidArgument,
                         "no run " + std::to_string(runId) + " in workspace", path());
    }
    return std::move(runs->front());
}

Expected<std::vector<RunRecord>> Store::runs()
{
    // Ids grow with every insert, so the highest id is the newest run whatever the clock did.
    return queryRuns(m_db, std::string(kSelectRun) + "ORDER BY r.id DESC", std::nullopt,
                     "list runs");
}

Status Store::setRunState(std::int64_t runId, const std::string &state)
{
    const std::string operation = "set run " + std::to_string(runId) + " to '" + state + "'";
    if (!isRunState(state)) {
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "a run state is running, finished, stopped or failed");
    }
    auto update =
        m_db.prepare("UPDATE runs SET state = ?1, finished_at = CASE WHEN ?1 = 'running' THEN NULL"
                     " ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END WHERE id = ?2",
                     operation);
    if (!update)
        return update.error();
    update->bindText(1, state).bindInt(2, runId);
    if (auto status = update->run(); !status)
        return status;
    if (m_db.changes() == 0) {
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "no such run in " + path());
    }
    return ok();
}

Expected<std::string> Store::integrityCheck()
{
    auto query = m_db.prepare("PRAGMA integrity_check", "check the integrity of " + path());
    if (!query)
        return query.error();
    std::string text;
    while (true) {
        auto row = query->step();
        if (!row)
            return row.error();
        if (!*row)
            return text;
        if (!text.empty())
            text += '\n';
        text += query->textAt(0);
    }
}

} // namespace tb
