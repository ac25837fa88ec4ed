#pragma once

#include "model/configuration.h"
#include "model/devicepeaks.h"
#include "model/result.h"
#include "model/runstate.h"
#include "runholder.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// One tuning run as stored in a workspace.
struct RunRecord
{
    std::int64_t id = 0;
    std::int64_t specId = 0;
    std::string specName;
    // As stored; read as Interrupted when stored as running but the process that held it is
    // gone (killed, crashed, lost power), as Unknown when the stored text names no state.
    RunState state = RunState::Running;
    std::string strategy;
    std::string host;
    std::string toolVersion;
    std::string device;
    std::string startedAt;           // ISO 8601 UTC, set by the store
    std::string finishedAt;          // ISO 8601 UTC, set by the store; "" while running
    std::int64_t resultCount = 0;    // filled by queries
    std::optional<RunHolder> holder; // the process writing it, while one claims it
    // Where the results came from (schema 5): "" for a run Tunebench measured, else the tool
    // whose file was imported (kOriginKernelTuner, kOriginT4), the file's name (no directory)
    // and its content's hash (Store::contentHash of the inflated text). `device` is then the
    // device the file names.
    std::string origin;
    std::string sourceFile;
    std::string sourceHash;
    // The measuring GPU's peaks as the driver gave them when the run was created (schema 6);
    // empty for a CPU run, an imported one and one from before. The spec's "peaks" win over
    // these (effectivePeaks()).
    DevicePeaks devicePeaks;

    bool imported() const { return !origin.empty(); }
};

// A file a run's argument was read from (schema 9): the resolved path and the FNV-1a 64 hash of
// its bytes when the run last started (engine/data/datafile.h).
struct RunDataFile
{
    std::string argument;
    std::string path;
    std::string hash;
    bool operator==(const RunDataFile &) const = default;
};

inline constexpr const char *kOriginKernelTuner = "kernel_tuner";
inline constexpr const char *kOriginT4 = "t4";

// What RunImporter::importRun() created.
struct ImportedRunIds
{
    std::int64_t specId = 0;
    std::int64_t runId = 0;
};

// One configuration's result in a run, with the configuration it belongs to.
struct StoredResult
{
    std::int64_t id = 0;
    std::int64_t runId = 0;
    std::string configKey;
    Configuration config;
    std::size_t sizeIndex = 0;
    Result result; // samples filled only when asked (see ResultStore::ofRun())
    std::string createdAt;
};

// One round of a result's measurement: round 1 is the result's own, later rounds measured the
// same configuration again in fresh worker processes (RoundStore::save()).
struct StoredRound
{
    std::int64_t id = 0; // of the round's row
    std::int64_t resultId = 0;
    int round = 1;
    Result result; // status, message, timer, summary, resources; samples only when asked
    std::string createdAt;
};

// A spec document as saved; runs point at it.
struct StoredSpec
{
    std::int64_t id = 0;
    std::string name;
    std::string document;
    std::string baseDirectory;
    std::string contentHash; // "fnv1a64:<16 hex digits>" of document
};

} // namespace tb
