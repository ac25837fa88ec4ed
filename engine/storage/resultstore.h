#pragma once

#include "database.h"
#include "model/configuration.h"
#include "model/expected.h"
#include "model/result.h"
#include "storerecords.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// A workspace's results (Store::results()): one per configuration and problem size of a run,
// with every sample.
class ResultStore
{
public:
    explicit ResultStore(Database &db) : m_db(db) {}

    // One transaction: the configuration row (kept if it exists), the result row and every
    // sample. A result already stored for (run, configKey, sizeIndex) is an error and the
    // stored one is kept unchanged: a run never silently overwrites a measurement.
    Expected<std::int64_t> save(std::int64_t runId, std::int64_t specId,
                                const std::string &configKey, const Configuration &config,
                                std::size_t sizeIndex, const Result &result);
    // In the order they were saved; samples are read only when withSamples.
    Expected<std::vector<StoredResult>> ofRun(std::int64_t runId, bool withSamples = false);
    // (configKey, sizeIndex) pairs that already have a result, whatever its status.
    Expected<std::set<std::pair<std::string, std::size_t>>> completedConfigs(std::int64_t runId);

private:
    Database &m_db;
};

} // namespace tb
