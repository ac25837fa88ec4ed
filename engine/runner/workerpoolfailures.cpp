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

} // namespace tb::runner_detail
