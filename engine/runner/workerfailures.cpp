#include "workerfailures.h"

#include "jobfailure.h"

namespace tb::runner_detail {

WorkerFailures::WorkerFailures(const SupervisorOptions &options, std::vector<WorkerSlot> &slots,
                               JobOutcomes &outcomes, LogQueue &log)
    : m_options(options), m_slots(slots), m_outcomes(outcomes), m_log(log),
      m_quarantine(options.crashesBeforeQuarantine), m_restarts(options.failedStartsBeforeGivingUp),
      m_launcherLosses(options.launcherLossesBeforeDropping)
{}

void WorkerFailures::jobKilledWorker(WorkerSlot &slot, const std::string &how)
{
    if (slot.inReference) { // not the configuration's doing: no count, no retry
        referenceFailed(slot, withStderrTail(m_options.referenceName + " killed its worker: " + how,
                                             slot.stderrCapture));
        return;
    }
    const int kills = m_quarantine.recordKill(*slot.job);
    log("supervisor: worker " + std::to_string(slot.index) + ": " + how + " while running job " +
        std::to_string(slot.job->id) + " (" + workerCountText(kills) +
        " lost on this configuration)");
    if (m_quarantine.retries(kills)) {
        slot.jobSent = false; // again, on the fresh worker the restart brings
        return;
    }
    const JobRequest job = slot.takeJob();
    m_outcomes.add(&slot, job, killedWorkerResult(how, kills, slot.stderrCapture));
}

void WorkerFailures::referenceFailed(WorkerSlot &slot, std::string message)
{
    log("supervisor: worker " + std::to_string(slot.index) + ": " + message);
    const JobRequest job = slot.takeJob();
    m_outcomes.add(&slot, job, referenceFailedResult(std::move(message)));
}

void WorkerFailures::failedStart(WorkerSlot &slot, EngineError error, Clock::time_point now)
{
    if (m_starting) {
        if (!m_startError)
            m_startError = std::move(error);
        slot.phase = WorkerSlot::Phase::Failed;
        return;
    }
    ++slot.failedStarts;
    log("supervisor: worker " + std::to_string(slot.index) +
        " failed to start: " + error.toString());
    if (const auto restartAt = m_restarts.nextStart(slot.failedStarts, now)) {
        slot.phase = WorkerSlot::Phase::Down;
        slot.restartAt = *restartAt;
        return;
    }
    slot.phase = WorkerSlot::Phase::Failed;
    EngineError gaveUp = makeError(
        EngineError::Code::WorkerError,
        "worker " + std::to_string(slot.index) + " could not be restarted (" +
            std::to_string(slot.failedStarts) + " failed starts in a row): " + error.message,
        error.detail);
    log("supervisor: " + gaveUp.toString());
    if (slot.job) {
        const JobRequest job = slot.takeJob();
        m_outcomes.add(&slot, job, workerCrashedResult(gaveUp.toString()));
    }
    if (!m_health)
        m_health = std::move(gaveUp);
}

// A worker lost to its launcher (launcherloss.h) says nothing about its job: the job goes back
// to the caller as `lost`, to run on another worker, and counts against this location only.
// The slot restarts, unless the location has now lost too many.
void WorkerFailures::lostToLauncher(WorkerSlot &slot, const std::string &reason)
{
    const bool dropNow = m_launcherLosses.recordLoss();
    std::string line = "supervisor: " + slot.name + " lost to its launcher: " + reason;
    if (slot.job) {
        line += "; job " + std::to_string(slot.job->id) +
                " handed back to run elsewhere, not counted against its configuration";
        const JobRequest job = slot.takeJob();
        m_outcomes.add(
            &slot, job,
            workerCrashedResult("its worker was lost on " + m_options.locationName + ": " + reason),
            true);
    }
    log(std::move(line));
    if (dropNow)
        dropLocation(reason);
}

// Every slot gives up; jobs in flight go back as `lost`; health() says why from now on.
void WorkerFailures::dropLocation(const std::string &lastReason)
{
    m_launcherLosses.markDropped();
    EngineError dropped = makeError(
        EngineError::Code::WorkerError,
        m_options.locationName + " dropped: " + workerCountText(m_launcherLosses.losses()) +
            " lost to the launcher (the last: " + lastReason + "); the run goes on without it");
    log("supervisor: " + dropped.message);
    for (auto &slot : m_slots) {
        if (slot.job) {
            const JobRequest job = slot.takeJob();
            m_outcomes.add(&slot, job, workerCrashedResult(dropped.message), true);
        }
        if (slot.process)
            slot.beginEnding(WorkerSlot::Ending::Refused, "location dropped", Clock::now());
        else
            slot.phase = WorkerSlot::Phase::Failed;
    }
    if (!m_health)
        m_health = std::move(dropped);
}

} // namespace tb::runner_detail
