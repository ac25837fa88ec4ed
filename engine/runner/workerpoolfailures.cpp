// WorkerPool's failures: a job that keeps killing its worker (quarantined as worker_crashed),
// and a worker that cannot start (restarted with a back-off, then given up). Apart from
// workerpoolevents.cpp to keep both files short.
#include "workerpool.h"

namespace tb::runner_detail {

namespace {

constexpr auto kRestartBackoff = std::chrono::milliseconds(200); // times the failed starts

std::string workers(int count)
{
    return std::to_string(count) + (count == 1 ? " worker" : " workers");
}

} // namespace

void WorkerPool::jobKilledWorker(WorkerSlot &slot, const std::string &how)
{
    if (slot.inReference) { // not the configuration's doing: no count, no retry
        std::string message = m_options.referenceName + " killed its worker: " + how;
        if (!slot.stderrTail.empty())
            message += "; last stderr lines:\n" + tailText(slot);
        referenceFailed(slot, std::move(message));
        return;
    }
    const int kills = ++m_kills[{slot.job->config.values, slot.job->sizeIndex}];
    log("supervisor: worker " + std::to_string(slot.index) + ": " + how + " while running job " +
        std::to_string(slot.job->id) + " (" + workers(kills) + " lost on this configuration)");
    if (kills < m_options.crashesBeforeQuarantine) {
        slot.jobSent = false; // again, on the fresh worker the restart brings
        return;
    }
    Result result;
    result.status = ResultStatus::WorkerCrashed;
    result.message = how + " (" + workers(kills) + " lost on this configuration)";
    if (!slot.stderrTail.empty())
        result.message += "; last stderr lines:\n" + tailText(slot);
    const JobRequest job = takeJob(slot);
    emit(&slot, job, std::move(result));
}

void WorkerPool::referenceFailed(WorkerSlot &slot, std::string message)
{
    log("supervisor: worker " + std::to_string(slot.index) + ": " + message);
    Result result;
    result.status = ResultStatus::ReferenceFailed;
    result.message = std::move(message);
    const JobRequest job = takeJob(slot);
    emit(&slot, job, std::move(result));
}

void WorkerPool::failedStart(WorkerSlot &slot, EngineError error, Clock::time_point now)
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
    if (slot.failedStarts < m_options.failedStartsBeforeGivingUp) {
        slot.phase = WorkerSlot::Phase::Down;
        slot.restartAt = now + kRestartBackoff * slot.failedStarts;
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
        Result result;
        result.status = ResultStatus::WorkerCrashed;
        result.message = gaveUp.toString();
        const JobRequest job = takeJob(slot);
        emit(&slot, job, std::move(result));
    }
    if (!m_health)
        m_health = std::move(gaveUp);
}

// A worker lost to its launcher (launcherloss.h) says nothing about its job: the job goes back
// to the caller as `lost`, to run on another worker, and counts against this location only.
// The slot restarts, unless the location has now lost too many.
void WorkerPool::lostToLauncher(WorkerSlot &slot, const std::string &reason)
{
    ++m_launcherLosses;
    std::string line = "supervisor: " + slotName(slot) + " lost to its launcher: " + reason;
    if (slot.job) {
        line += "; job " + std::to_string(slot.job->id) +
                " handed back to run elsewhere, not counted against its configuration";
        Result result;
        result.status = ResultStatus::WorkerCrashed;
        result.message = "its worker was lost on " + m_options.locationName + ": " + reason;
        const JobRequest job = takeJob(slot);
        emit(&slot, job, std::move(result));
        m_outcomes.back().lost = true;
    }
    log(std::move(line));
    if (m_launcherLosses >= m_options.launcherLossesBeforeDropping)
        dropLocation(reason);
}

// Every slot gives up; jobs in flight go back as `lost`; health() says why from now on.
void WorkerPool::dropLocation(const std::string &lastReason)
{
    m_locationDropped = true;
    EngineError dropped = makeError(
        EngineError::Code::WorkerError,
        m_options.locationName + " dropped: " + workers(m_launcherLosses) +
            " lost to the launcher (the last: " + lastReason + "); the run goes on without it");
    log("supervisor: " + dropped.message);
    for (auto &slot : m_slots) {
        if (slot.job) {
            Result result;
            result.status = ResultStatus::WorkerCrashed;
            result.message = dropped.message;
            const JobRequest job = takeJob(slot);
            emit(&slot, job, std::move(result));
            m_outcomes.back().lost = true;
        }
        if (slot.process)
            endProcess(slot, WorkerSlot::Ending::Refused, "location dropped", Clock::now());
        else
            slot.phase = WorkerSlot::Phase::Failed;
    }
    if (!m_health)
        m_health = std::move(dropped);
}

} // namespace tb::runner_detail
