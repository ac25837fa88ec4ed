#pragma once

#include "database.h"
#include "model/configuration.h"
#include "model/expected.h"
#include "model/result.h"
#include "model/spec.h"
#include "storerecords.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// A workspace: one SQLite file holding specs, runs, their results and every sample.
//
// Every write is its own transaction, committed when the call returns; a process killed right
// after keeps it (WAL with synchronous=NORMAL). A failed write rolls back and leaves everything
// committed before untouched. A Store belongs to one thread at a time; other threads or
// processes open their own Store on the same file (WAL lets readers run beside the writer).
class Store
{
public:
    static constexpr int kSchemaVersion = 8;

    // Creates the file, or opens and migrates an older one. Refuses, leaving the file as it
    // was: a file that is not an SQLite database, an SQLite database that is not a workspace,
    // and a workspace of a newer schema than this build knows.
    static Expected<Store> open(const std::string &path);
    // An existing workspace, to read: nothing is written to it (see openWorkspaceReadOnly()), so
    // one on read-only media can be read. Writes through such a Store fail.
    static Expected<Store> openToRead(const std::string &path);

    Store(Store &&) noexcept;
    Store &operator=(Store &&) noexcept;
    ~Store();

    int schemaVersion() const { return m_schemaVersion; }
    const std::string &path() const { return m_db.path(); }

    // Saved once per distinct document (see contentHash()); returns the existing id if present.
    Expected<std::int64_t> saveSpec(const Spec &spec);
    Expected<StoredSpec> spec(std::int64_t specId);

    // Uses run.specId, strategy, host, toolVersion, device, devicePeaks and holder; the run starts
    // as "running", claimed by run.holder when it has one.
    Expected<std::int64_t> createRun(const RunRecord &run);
    // One writer per run (storeholders.cpp): claims the run for `me` unless a live process holds
    // it; then that process is returned and nothing changes. A holder that is gone is taken
    // over. releaseRun() gives up a claim of `me` (no-op for another holder's).
    Expected<std::optional<RunHolder>> claimRun(std::int64_t runId, const RunHolder &me);
    Status releaseRun(std::int64_t runId, const RunHolder &me);
    // The spec's latest native run, the one a tune resumes: an imported run is never resumed.
    Expected<std::optional<RunRecord>> latestRun(std::int64_t specId);
    Expected<RunRecord> run(std::int64_t runId);
    Expected<std::vector<RunRecord>> runs(); // newest first, with resultCount and specName
    // Sets finished_at to now for finished|stopped|failed, clears it for running (a resume).
    Status setRunState(std::int64_t runId, const std::string &state);
    // The strategy the run searches with, once known: a spec's "auto" is resolved per size
    // after the run is opened (search/strategychoice.h).
    Status setRunStrategy(std::int64_t runId, const std::string &strategy);
    // The GPU model a run measures on and its peaks, once known: a run whose workers start
    // through srun or ssh learns them from the first worker's hello, after it was opened.
    Status setRunDevice(std::int64_t runId, const std::string &device, const DevicePeaks &peaks);

    // A run read from another tool's file (run.origin, sourceFile, sourceHash set), stored
    // finished in one transaction with its spec (saved as saveSpec does) and every result with
    // its samples (storeimport.cpp): on any error nothing is stored. A run of the same
    // sourceHash already in the workspace is refused (InvalidArgument naming it).
    Expected<ImportedRunIds> importRun(const Spec &spec, const RunRecord &run,
                                       const std::vector<StoredResult> &results);
    // The run imported from a file of this content hash, if any.
    Expected<std::optional<std::int64_t>> importedRunOf(const std::string &sourceHash);

    // One transaction: the configuration row (kept if it exists), the result row and every
    // sample. A result already stored for (run, configKey, sizeIndex) is an error and the
    // stored one is kept unchanged: a run never silently overwrites a measurement.
    Expected<std::int64_t> saveResult(std::int64_t runId, std::int64_t specId,
                                      const std::string &configKey, const Configuration &config,
                                      std::size_t sizeIndex, const Result &result);
    // In the order they were saved; samples are read only when withSamples.
    Expected<std::vector<StoredResult>> results(std::int64_t runId, bool withSamples = false);
    // (configKey, sizeIndex) pairs that already have a result, whatever its status.
    Expected<std::set<std::pair<std::string, std::size_t>>> completedConfigs(std::int64_t runId);

    // A finalist measured again in fresh worker processes (measurement.process_rounds), in one
    // transaction: round `round` (>= 2) of result `resultId` with its samples; round 1, the
    // result's own measurement copied from its row, the first time; and the result's summary
    // and metrics replaced by `combined` (all its rounds together). A round already stored is
    // an error and nothing changes. The result's samples stay those of round 1.
    Status saveRound(std::int64_t resultId, int round, const Result &measured,
                     const Result &combined);
    // Every round of the run's results, by result id then round; samples only when withSamples.
    Expected<std::vector<StoredRound>> rounds(std::int64_t runId, bool withSamples = false);

    // PRAGMA integrity_check's text, lines joined by '\n' ("ok" when fine).
    Expected<std::string> integrityCheck();

    // "fnv1a64:" and the 16 hex digits of the 64-bit FNV-1a hash of text.
    static std::string contentHash(const std::string &text);

private:
    Store(Database db, int schemaVersion);

    Database m_db;
    int m_schemaVersion = 0;
};

} // namespace tb
