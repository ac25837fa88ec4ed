#pragma once

#include "database.h"
#include "model/devicepeaks.h"
#include "model/expected.h"
#include "model/runstate.h"
#include "runholder.h"
#include "storerecords.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// A workspace's runs (Store::runs()): their rows, the process that writes each (one writer per
// run), and what a run learns about itself after it was opened.
class RunStore
{
public:
    explicit RunStore(Database &db) : m_db(db) {}

    // Uses run.specId, strategy, host, toolVersion, device, devicePeaks and holder; the run starts
    // as "running", claimed by run.holder when it has one.
    Expected<std::int64_t> create(const RunRecord &run);
    // One writer per run: claims the run for `me` unless a live process holds it; then that
    // process is returned and nothing changes. A holder that is gone is taken over. release()
    // gives up a claim of `me` (no-op for another holder's).
    Expected<std::optional<RunHolder>> claim(std::int64_t runId, const RunHolder &me);
    Status release(std::int64_t runId, const RunHolder &me);
    // The spec's latest native run, the one a tune resumes: an imported run is never resumed.
    Expected<std::optional<RunRecord>> latest(std::int64_t specId);
    Expected<RunRecord> read(std::int64_t runId);
    Expected<std::vector<RunRecord>> all(); // newest first, with resultCount and specName
    // The run imported from a file of this content hash, if any (RunImporter).
    Expected<std::optional<std::int64_t>> importedFrom(const std::string &sourceHash);

    // Sets finished_at to now for finished|stopped|failed, clears it for running (a resume).
    Status setState(std::int64_t runId, RunState state);
    // The strategy the run searches with, once known: a spec's "auto" is resolved per size
    // after the run is opened (search/strategychoice.h).
    Status setStrategy(std::int64_t runId, const std::string &strategy);
    // The GPU model a run measures on and its peaks, once known: a run whose workers start
    // through srun or ssh learns them from the first worker's hello, after it was opened.
    Status setDevice(std::int64_t runId, const std::string &device, const DevicePeaks &peaks);
    // The data files the run reads, with their hashes: replaces what was recorded.
    Status setDataFiles(std::int64_t runId, const std::vector<RunDataFile> &files);
    // What setDataFiles() recorded, by argument then path; none for a run from before schema 9.
    Expected<std::vector<RunDataFile>> dataFiles(std::int64_t runId);

private:
    Database &m_db;
};

} // namespace tb
