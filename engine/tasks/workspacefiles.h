#pragma once

#include "model/expected.h"
#include "storage/storerecords.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// The file work behind the workbench's File menu. Each call opens its own connection (a Store
// belongs to one thread) and may take a while on a large workspace: a GUI calls them off its
// own thread. Nothing here starts a run or a worker. (A run read back: storedrun.h.)

// The runs of an existing workspace, newest first. A missing file is an error (never created);
// a file that is not a workspace, or one of a newer schema, gets the Store's refusal and is
// left as it was.
Expected<std::vector<RunRecord>> readWorkspaceRuns(const std::string &path);

// Creates a new, empty workspace. Refuses a path where a file already exists: a new workspace
// never replaces one.
Status createEmptyWorkspace(const std::string &path);

// Copies a live workspace (WAL included) to target as one consistent snapshot (SQLite's
// VACUUM INTO), written beside the target and renamed over it at the end. The source is only
// read; on failure the target is left as it was and no partial file remains.
Status copyWorkspace(const std::string &source, const std::string &target);

} // namespace tb
