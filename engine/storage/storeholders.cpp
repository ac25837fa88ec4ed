// Store: one writer per run. The process tuning a run writes itself into the run's row; a
// second process that would write the same run is refused while the first is alive, and takes
// over once it is gone. Apart from store.cpp to keep both files short.
#include "store.h"

#include "transaction.h"

namespace tb {

Expected<std::optional<RunHolder>> Store::claimRun(std::int64_t runId, const RunHolder &me)
{
    const std::string operation = "claim run " + std::to_string(runId);
    // Read and write under one write lock: two processes claiming at once cannot both win.
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    auto query = m_db.prepare(
        "SELECT holder_pid, holder_host, holder_started FROM runs WHERE id = ?1", operation);
    if (!query)
        return query.error();
    query->bindInt(1, runId);
    auto row = query->step();
    if (!row)
        return row.error();
    if (!*row)
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "no such run in " + path());
    if (!query->isNull(0)) {
        const RunHolder holder{query->intAt(0), query->textAt(1), query->textAt(2)};
        if (holder != me && isAlive(holder))
            return std::optional<RunHolder>(holder);
    }
    auto update = m_db.prepare("UPDATE runs SET holder_pid = ?1, holder_host = ?2,"
                               " holder_started = ?3 WHERE id = ?4",
                               operation);
    if (!update)
        return update.error();
    update->bindInt(1, me.pid).bindText(2, me.host).bindText(3, me.started).bindInt(4, runId);
    if (auto status = update->run(); !status)
        return status.error();
    if (auto status = transaction->commit(); !status)
        return status.error();
    return std::optional<RunHolder>();
}

Status Store::releaseRun(std::int64_t runId, const RunHolder &me)
{
    auto update = m_db.prepare("UPDATE runs SET holder_pid = NULL, holder_host = '',"
                               " holder_started = '' WHERE id = ?1 AND holder_pid = ?2"
                               " AND holder_host = ?3 AND holder_started = ?4",
                               "release run " + std::to_string(runId));
    if (!update)
        return update.error();
    update->bindInt(1, runId).bindInt(2, me.pid).bindText(3, me.host).bindText(4, me.started);
    return update->run();
}

} // namespace tb
