#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

class Database;

// The schema's history: step i takes a workspace from user_version i to i + 1. Steps are only
// ever appended; a released step is never edited, since workspaces in the wild already ran it.
int latestSchemaVersion();

// Brings the workspace from its user_version up to latestSchemaVersion() inside one
// transaction: a failure leaves it exactly as it was. Returns the version now in the file.
Expected<int> migrateSchema(Database &db);

// "workspace was written by a newer Tunebench (schema 7, this build knows 1)", detail = path.
EngineError newerSchemaError(const std::string &path, int version);

// PRAGMA user_version of the open workspace.
Expected<int> readSchemaVersion(Database &db);

} // namespace tb
