#pragma once

// Private to tb_runner: WorkerPool's rule for a configuration that kills its workers. No I/O.

#include "jobrequest.h"

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace tb::runner_detail {

// Counts the workers each configuration (at one problem size) has killed. Below the limit a
// crash re-runs the job on a fresh worker, since a worker can die of something else (the OOM
// killer, a flaky driver); at the limit the configuration is quarantined: reported as
// worker_crashed and never run again, so that one bad configuration cannot stall a run.
class CrashQuarantine
{
public:
    explicit CrashQuarantine(int crashesBeforeQuarantine) : m_limit(crashesBeforeQuarantine) {}

    // Counts one more worker lost to `job`'s configuration; the count so far.
    int recordKill(const JobRequest &job);
    // Whether a configuration with `kills` lost workers runs again.
    bool retries(int kills) const { return kills < m_limit; }
    // The workers `job`'s configuration has killed, when that many quarantine it; else none.
    std::optional<int> quarantined(const JobRequest &job) const;

private:
    using Key = std::pair<std::vector<double>, std::size_t>; // values, problem size

    static Key keyOf(const JobRequest &job) { return {job.config.values, job.sizeIndex}; }

    int m_limit;
    std::map<Key, int> m_kills;
};

} // namespace tb::runner_detail
