#pragma once

#include "database.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storerecords.h"

#include <vector>

namespace tb {

// Stores a run read from another tool's file (Kernel Tuner cache, T4 results) whole or not at
// all (Store::importer()).
class RunImporter
{
public:
    explicit RunImporter(Database &db) : m_db(db) {}

    // The run (run.origin, sourceFile, sourceHash set), stored finished in one transaction with
    // its spec (saved as SpecStore::save() does) and every result with its samples: on any
    // error nothing is stored. A run of the same sourceHash already in the workspace is refused
    // (InvalidArgument naming it).
    Expected<ImportedRunIds> importRun(const Spec &spec, const RunRecord &run,
                                       const std::vector<StoredResult> &results);

private:
    Database &m_db;
};

} // namespace tb
