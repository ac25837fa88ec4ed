#include "migrations.h"

#include "database.h"
#include "store.h"
#include "transaction.h"

#include <iterator>
#include <string>

namespace tb {

namespace {

struct Migration
{
    const char *description;
    const char *sql;
};

// Timestamps are ISO 8601 UTC with milliseconds, written by SQLite itself.
#define TB_NOW "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"

constexpr Migration kMigrations[] = {
    {"create the schema (specs, runs, configurations, results, samples)",
     "CREATE TABLE specs ("
     " id INTEGER PRIMARY KEY,"
     " name TEXT NOT NULL,"
     " content_hash TEXT NOT NULL UNIQUE,"
     " document TEXT NOT NULL,"
     " base_directory TEXT NOT NULL DEFAULT '',"
     " created_at TEXT NOT NULL DEFAULT " TB_NOW ");"
     "CREATE TABLE runs ("
     " id INTEGER PRIMARY KEY,"
     " spec_id INTEGER NOT NULL REFERENCES specs(id),"
     " state TEXT NOT NULL DEFAULT 'running',"
     " strategy TEXT NOT NULL DEFAULT '',"
     " host TEXT NOT NULL DEFAULT '',"
     " tool_version TEXT NOT NULL DEFAULT '',"
     " device TEXT NOT NULL DEFAULT '',"
     " started_at TEXT NOT NULL DEFAULT " TB_NOW ","
     " finished_at TEXT,"
     " note TEXT NOT NULL DEFAULT '');"
     "CREATE INDEX runs_by_spec ON runs(spec_id, id);"
     "CREATE TABLE configurations ("
     " id INTEGER PRIMARY KEY,"
     " spec_id INTEGER NOT NULL REFERENCES specs(id),"
     " config_key TEXT NOT NULL,"
     " size_index INTEGER NOT NULL,"
     " values_json TEXT NOT NULL,"
     " UNIQUE (spec_id, config_key, size_index));"
     "CREATE TABLE results ("
     " id INTEGER PRIMARY KEY,"
     " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
     " configuration_id INTEGER NOT NULL REFERENCES configurations(id),"
     " status TEXT NOT NULL,"
     " message TEXT NOT NULL DEFAULT '',"
     " compiler_log TEXT NOT NULL DEFAULT '',"
     " timer TEXT NOT NULL DEFAULT '',"
     " median REAL, min REAL, mean REAL, stddev REAL,"
     " sample_count INTEGER NOT NULL DEFAULT 0,"
     " rel_half_width REAL,"
     " compile_seconds REAL,"
     " cached_build INTEGER NOT NULL DEFAULT 0,"
     " resources_json TEXT NOT NULL DEFAULT '{}',"
     " metrics_json TEXT NOT NULL DEFAULT '{}',"
     " created_at TEXT NOT NULL DEFAULT " TB_NOW ","
     " UNIQUE (run_id, configuration_id));"
     // The UNIQUE index above serves lookups by run; this one serves the foreign key check.
     "CREATE INDEX results_by_configuration ON results(configuration_id);"
     "CREATE TABLE samples ("
     " result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
     " seq INTEGER NOT NULL,"
     " seconds REAL,"
     " PRIMARY KEY (result_id, seq)) WITHOUT ROWID;"},
    {"add the rounds of finalists measured again in fresh processes (result_rounds, round_samples)",
     "CREATE TABLE result_rounds ("
     " id INTEGER PRIMARY KEY,"
     " result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
     " round INTEGER NOT NULL,"
     " status TEXT NOT NULL,"
     " message TEXT NOT NULL DEFAULT '',"
     " timer TEXT NOT NULL DEFAULT '',"
     " median REAL, min REAL, mean REAL, stddev REAL,"
     " sample_count INTEGER NOT NULL DEFAULT 0,"
     " rel_half_width REAL,"
     " resources_json TEXT NOT NULL DEFAULT '{}',"
     " created_at TEXT NOT NULL DEFAULT " TB_NOW ","
     " UNIQUE (result_id, round));"
     "CREATE TABLE round_samples ("
     " round_id INTEGER NOT NULL REFERENCES result_rounds(id) ON DELETE CASCADE,"
     " seq INTEGER NOT NULL,"
     " seconds REAL,"
     " PRIMARY KEY (round_id, seq)) WITHOUT ROWID;"},
    {"add the process that writes each run (one writer per run: Store::claimRun)",
     "ALTER TABLE runs ADD COLUMN holder_pid INTEGER;"
     "ALTER TABLE runs ADD COLUMN holder_host TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE runs ADD COLUMN holder_started TEXT NOT NULL DEFAULT '';"},
    {"add the GPU that measured each result and round (name, UUID)",
     "ALTER TABLE results ADD COLUMN device TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE results ADD COLUMN device_uuid TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE result_rounds ADD COLUMN device TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE result_rounds ADD COLUMN device_uuid TEXT NOT NULL DEFAULT '';"},
    // '' for a run Tunebench measured; 'kernel_tuner' or 't4' for one read from another tool's
    // file (its name, and its content's hash, so the same file is not imported twice).
    {"add where each run came from (runs imported from Kernel Tuner or T4 files)",
     "ALTER TABLE runs ADD COLUMN origin TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE runs ADD COLUMN source_file TEXT NOT NULL DEFAULT '';"
     "ALTER TABLE runs ADD COLUMN source_hash TEXT NOT NULL DEFAULT '';"},
    // NULL where unknown: a CPU run, an imported one, one created before this step.
    {"add the measuring GPU's peaks to each run (FP32 FLOP/s, DRAM bytes/s)",
     "ALTER TABLE runs ADD COLUMN peak_flops REAL;"
     "ALTER TABLE runs ADD COLUMN peak_bytes_per_second REAL;"},
    // '' for results of an imported run and for those stored before this step.
    {"add the host whose worker measured each result",
     "ALTER TABLE results ADD COLUMN host TEXT NOT NULL DEFAULT '';"},
    // '' for rounds stored before this step (their result's host is likely theirs: one run's
    // rounds of a finalist are pinned to the GPU that measured it, not to its host).
    {"add the host whose worker measured each round of a finalist",
     "ALTER TABLE result_rounds ADD COLUMN host TEXT NOT NULL DEFAULT '';"},
    // The files a run's arguments were read from (init.file), with their content's hash: which
    // data a result was measured on, and whether a resumed run's data changed.
    {"add the data files each run read (run_data_files)",
     "CREATE TABLE run_data_files ("
     " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
     " argument TEXT NOT NULL,"
     " path TEXT NOT NULL,"
     " hash TEXT NOT NULL,"
     " PRIMARY KEY (run_id, argument, path)) WITHOUT ROWID;"},
};

#undef TB_NOW

static_assert(std::size(kMigrations) == Store::kSchemaVersion,
              "Store::kSchemaVersion must equal the number of migration steps");

} // namespace

int latestSchemaVersion()
{
    return static_cast<int>(std::size(kMigrations));
}

EngineError newerSchemaError(const std::string &path, int version)
{
    return makeError(EngineError::Code::StoreError,
                     "workspace was written by a newer Tunebench (schema " +
                         std::to_string(version) + ", this build knows " +
                         std::to_string(latestSchemaVersion()) + ")",
                     path);
}

Expected<int> readSchemaVersion(Database &db)
{
    auto query =
        db.prepare("PRAGMA user_version", "read the schema version of '" + db.path() + "'");
    if (!query)
        return query.error();
    auto row = query->step();
    if (!row)
        return row.error();
    return *row ? static_cast<int>(query->intAt(0)) : 0;
}

Expected<int> migrateSchema(Database &db)
{
    auto transaction = Transaction::begin(db, "migrate workspace '" + db.path() + "'");
    if (!transaction)
        return transaction.error();
    // Read again under the write lock: another process may have migrated meanwhile.
    auto version = readSchemaVersion(db);
    if (!version)
        return version.error();
    if (*version > latestSchemaVersion())
        return newerSchemaError(db.path(), *version);
    if (*version == latestSchemaVersion())
        return *version; // nothing to do; the transaction rolls back, having written nothing
    for (int step = *version; step < latestSchemaVersion(); ++step) {
        const Migration &migration = kMigrations[step];
        if (auto status = db.exec(migration.sql, std::string("migrate workspace '") + db.path() +
                                                     "' to schema " + std::to_string(step + 1) +
                                                     ": " + migration.description);
            !status) {
            return status.error();
        }
    }
    // PRAGMA takes no bound parameters; the number is our own constant, not outside input.
    if (auto status = db.exec("PRAGMA user_version = " + std::to_string(latestSchemaVersion()),
                              "set the schema version");
        !status) {
        return status.error();
    }
    if (auto status = transaction->commit(); !status)
        return status.error();
    return latestSchemaVersion();
}

} // namespace tb
