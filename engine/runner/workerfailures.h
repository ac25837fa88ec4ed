#pragma once

// Private to tb_runner: what a WorkerPool does when a worker fails. The rules live in classes
// without I/O (CrashQuarantine, RestartBackoff, LauncherLossBudget, jobfailure.h); this class
// applies them to the pool's slots: a job that killed its worker is retried or given up, a
// worker that cannot start is restarted later or given up, a worker lost to its launcher hands
// its job back, and a location that lost too many is dropped. It keeps what the failures leave
// the pool with: the start's error and the pool's health.

#include "crashquarantine.h"
#include "joboutcomes.h"
#include "launcherlossbudget.h"
#include "logqueue.h"
#include "restartbackoff.h"
#include "supervisoroptions.h"
#include "workerslot.h"

#include "model/engineerror.h"

#include <optional>
#include <string>
#include <vector>

namespace tb::runner_detail {

class WorkerFailures
{
public:
    // The pool's own options, slots, outcomes and log: they outlive this object.
    WorkerFailures(const SupervisorOptions &options, std::vector<WorkerSlot> &slots,
                   JobOutcomes &outcomes, LogQueue &log);

    // While the pool starts, a worker that cannot come up fails the start instead of being
    // restarted; markStarted() ends that.
    bool starting() const { return m_starting; }
    void markStarted() { m_starting = false; }
    const std::optional<EngineError> &startError() const { return m_startError; }
    // The reason the pool gave up a slot or its location, once it has.
    const std::optional<EngineError> &health() const { return m_health; }
    bool locationDropped() const { return m_launcherLosses.dropped(); }
    // How many workers `job`'s configuration killed, where that puts it in quarantine.
    std::optional<int> quarantined(const JobRequest &job) const
    {
        return m_quarantine.quarantined(job);
    }

    // The slot's sent job killed its worker (`how`): retried on the fresh worker, or ended.
    void jobKilledWorker(WorkerSlot &slot, const std::string &how);
    // The job's reference failed (`message`): not the configuration's doing; the job ends.
    void referenceFailed(WorkerSlot &slot, std::string message);
    // The slot's worker could not start: restarted after a back-off, or given up.
    void failedStart(WorkerSlot &slot, EngineError error, Clock::time_point now);
    void lostToLauncher(WorkerSlot &slot, const std::string &reason);

private:
    void dropLocation(const std::string &lastReason);
    void log(std::string line) { m_log.push(std::move(line)); }

    const SupervisorOptions &m_options;
    std::vector<WorkerSlot> &m_slots;
    JobOutcomes &m_outcomes;
    LogQueue &m_log;
    CrashQuarantine m_quarantine;
    RestartBackoff m_restarts;
    LauncherLossBudget m_launcherLosses; // this location's, all told
    std::optional<EngineError> m_startError;
    std::optional<EngineError> m_health;
    bool m_starting = true;
};

} // namespace tb::runner_detail
