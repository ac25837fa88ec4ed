#pragma once

#include "export/runreader.h"
#include "model/engineerror.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storage/store.h"

#include <cstdint>
#include <string>

namespace tb {

// A run read back from a workspace, with the spec it ran: what `show`, `export` and `compare`
// work from.
struct StoredRun
{
    Store store;
    RunRecord run;
    Spec spec;
};

// The workspace (export/runreader's openExistingWorkspace), with a hint when it is missing.
Expected<Store> openWorkspaceToRead(const std::string &workspace);

// The run and its spec (export/runreader): IoError when the workspace does not exist (a
// misspelt path must not create an empty one), InvalidArgument when it has no such run.
Expected<StoredRun> loadStoredRun(const std::string &workspace, std::int64_t runId);

// Prints "error: ..." to stderr and returns `code`.
int reportCliError(const EngineError &error, int code);

} // namespace tb
