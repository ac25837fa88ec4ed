#pragma once

#include "database.h"
#include "model/expected.h"

#include <string>

namespace tb {

struct OpenedWorkspace
{
    Database db;
    int schemaVersion = 0;
};

// Opens (or creates) a workspace file, configures the connection and migrates the schema.
// Every check that may refuse the file runs before anything is written to it, so a refused
// file stays byte-identical.
Expected<OpenedWorkspace> openWorkspace(const std::string &path);

// Opens an existing workspace to read, writing nothing to it: a workspace on read-only media,
// or one the user may not write, can be read. A workspace of an older schema is opened with
// openWorkspace() to be upgraded when it can be written, and refused with a message otherwise.
// An empty file (schema 0) is refused, never made a workspace. A FIFO or a device is refused by
// both, unread.
Expected<OpenedWorkspace> openWorkspaceReadOnly(const std::string &path);

} // namespace tb
