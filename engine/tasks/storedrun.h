#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/store.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// The one way both front ends read a stored run back: the run's record and the spec it ran,
// parsed from the document the workspace kept.

// A run found in its workspace, the store left open for the caller's further reads (the
// CLI's show, export and compare read results per size and device as they go). IoError when
// the workspace does not exist (a misspelt path must not create an empty one),
// InvalidArgument when it has no such run, InvalidSpec when its spec no longer parses.
struct OpenRun
{
    Store store;
    RunRecord run;
    Spec spec;
};
Expected<OpenRun> openStoredRun(const std::string &workspace, std::int64_t runId);

// A run read whole, the store closed again: its record, spec, results in the order they were
// saved, and process rounds (every sample of each when withSamples). What the workbench shows.
struct StoredRun
{
    RunRecord record;
    Spec spec;
    std::vector<StoredResult> results;
    std::vector<StoredRound> rounds; // of results measured in more than one process round
};
Expected<StoredRun> readStoredRun(const std::string &workspace, std::int64_t runId,
                                  bool withSamples);

} // namespace tb
