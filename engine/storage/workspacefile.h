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

} // namespace tb
