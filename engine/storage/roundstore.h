#pragma once

#include "database.h"
#include "model/expected.h"
#include "model/result.h"
#include "storerecords.h"

#include <cstdint>
#include <vector>

namespace tb {

// A workspace's process rounds (Store::rounds()): finalists measured again in fresh worker
// processes (measurement.process_rounds), each round with its samples.
class RoundStore
{
public:
    explicit RoundStore(Database &db) : m_db(db) {}

    // One transaction: round `round` (>= 2) of result `resultId` with its samples; round 1, the
    // result's own measurement copied from its row, the first time; and the result's summary
    // and metrics replaced by `combined` (all its rounds together). A round already stored is
    // an error and nothing changes. The result's samples stay those of round 1.
    Status save(std::int64_t resultId, int round, const Result &measured, const Result &combined);
    // Every round of the run's results, by result id then round; samples only when withSamples.
    Expected<std::vector<StoredRound>> ofRun(std::int64_t runId, bool withSamples = false);

private:
    Database &m_db;
};

} // namespace tb
