#pragma once

#include "database.h"
#include "model/configuration.h"
#include "model/expected.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tb {

// Internal to tb_storage: one result's rows (its configuration row, kept if it exists; the
// result row; every sample), written inside the caller's transaction, so that ResultStore::save()
// and RunImporter store a result alike. A result already stored for (run, configuration, size) is
// an error and the stored one is kept.
Expected<std::int64_t> insertResultWithSamples(Database &db, std::int64_t runId,
                                               std::int64_t specId, const std::string &configKey,
                                               const Configuration &config, std::size_t sizeIndex,
                                               const Result &result, const std::string &operation);

} // namespace tb
