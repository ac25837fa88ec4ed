#include "runimporter.h"

#include "resultrows.h"
#include "runstore.h"
#include "specstore.h"
#include "transaction.h"

namespace tb {

namespace {

// Finished from the start: an imported run is never resumed, so it has no holder.
Expected<std::int64_t> insertImportedRun(Database &db, std::int64_t specId, const RunRecord &run,
                                         const std::string &operation)
{
    if (auto status = db.run("INSERT INTO runs (spec_id, state, strategy, host, tool_version,"
                             " device, finished_at, origin, source_file, source_hash)"
                             " VALUES (?1, 'finished', ?2, ?3, ?4, ?5,"
                             " strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?6, ?7, ?8)",
                             operation,
                             {specId, run.strategy, run.host, run.toolVersion, run.device,
                              run.origin, run.sourceFile, run.sourceHash});
        !status)
        return status.error();
    return db.lastInsertId();
}

} // namespace

Expected<ImportedRunIds> RunImporter::importRun(const Spec &spec, const RunRecord &run,
                                                const std::vector<StoredResult> &results)
{
    const std::string operation = "import '" + run.sourceFile + "'";
    if (!run.imported())
        return makeError(EngineError::Code::InvalidArgument, "cannot " + operation,
                         "an imported run names its origin");
    auto transaction = Transaction::begin(m_db, operation);
    if (!transaction)
        return transaction.error();
    // Checked under the write lock: two imports of one file at once store it once.
    auto earlier = RunStore(m_db).importedFrom(run.sourceHash);
    if (!earlier)
        return earlier.error();
    if (*earlier)
        return makeError(EngineError::Code::InvalidArgument,
                         "'" + run.sourceFile + "' is already imported as run " +
                             std::to_string(**earlier),
                         "the same content, whatever the file's name; `show " +
                             std::to_string(**earlier) + "` shows it");
    auto specId = SpecStore(m_db).save(spec);
    if (!specId)
        return specId.error();
    auto runId = insertImportedRun(m_db, *specId, run, operation);
    if (!runId)
        return runId.error();
    for (const StoredResult &stored : results)
        if (auto id =
                insertResultWithSamples(m_db, *runId, *specId, stored.configKey, stored.config,
                                        stored.sizeIndex, stored.result, operation);
            !id)
            return id.error();
    if (auto status = transaction->commit(); !status)
        return status.error();
    return ImportedRunIds{*specId, *runId};
}

} // namespace tb
