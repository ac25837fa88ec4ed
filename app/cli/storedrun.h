#pragma once

#include "export/runreader.h"
#include "model/engineerror.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storage/store.h"
#include "tasks/storedrun.h"

#include <cstdint>
#include <string>

namespace tb {

// The workspace (export/runreader's openExistingWorkspace), with a hint when it is missing.
Expected<Store> openWorkspaceToRead(const std::string &workspace);

// The run and its spec (openStoredRun(), tasks/storedrun.h), with the same hint.
Expected<OpenRun> loadStoredRun(const std::string &workspace, std::int64_t runId);

// Prints "error: ..." to stderr and returns `code`.
int reportCliError(const EngineError &error, int code);

} // namespace tb
