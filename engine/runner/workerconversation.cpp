#include "workerconversation.h"

#include "childlaunch.h"
#include "handshakecheck.h"
#include "jobfailure.h"

#include "protocol/messagecodec.h"

namespace tb::runner_detail {

WorkerConversation::WorkerConversation(const SupervisorOptions &options, JobOutcomes &outcomes,
                                       LogQueue &log, WorkerFailures &failures)
    : m_options(options), m_outcomes(outcomes), m_log(log), m_failures(failures)
{}

std::string WorkerConversation::workerName() const
{
    return "worker '" + commandText(m_options.launch.command) + "'";
}

void WorkerConversation::onFrame(WorkerSlot &slot, const Expected<std::string> &frame,
                                 Clock::time_point now)
{
    if (slot.ending != WorkerSlot::Ending::None && slot.ending != WorkerSlot::Ending::Exited)
        return; // being killed: nothing it says counts any more
    switch (slot.phase) {
    case WorkerSlot::Phase::AwaitHello:
        onHello(slot, frame, now);
        break;
    case WorkerSlot::Phase::AwaitReady:
        onSetupAnswer(slot, decodeFrame(frame));
        break;
    case WorkerSlot::Phase::Ready:
        onJobAnswer(slot, decodeFrame(frame));
        break;
    case WorkerSlot::Phase::Down:
    case WorkerSlot::Phase::Failed:
        break;
    }
}

void WorkerConversation::onHello(WorkerSlot &slot, const Expected<std::string> &frame,
                                 Clock::time_point now)
{
    const Expected<HelloMessage> hello = checkHello(frame, m_options.expectedRole, workerName());
    if (!hello) {
        refuse(slot, hello.error());
        return;
    }
    slot.host = hello->host;
    slot.device = hello->device;
    slot.gpu = hello->gpu;
    log("supervisor: " + slot.name + ": tunebench-worker " + hello->workerVersion + " on " +
        hello->host + " (pid " + std::to_string(hello->pid) + "), " + hello->device);
    const SetupMessage setup{m_options.specDocument, m_options.baseDirectory,
                             m_options.cacheDirectory};
    if (!slot.process->send(encode(setup))) {
        refuse(slot, makeError(EngineError::Code::WorkerError, workerName() + " closed its input"));
        return;
    }
    slot.phase = WorkerSlot::Phase::AwaitReady;
    slot.deadline = now + m_options.handshakeTimeout;
}

void WorkerConversation::onSetupAnswer(WorkerSlot &slot, const Expected<Message> &message)
{
    // A launched worker's failure says where: a login node's user must know which node has
    // no GPU or no driver.
    const std::string who =
        m_options.launch.launcher == LauncherKind::Local ? std::string("worker") : slot.name + ":";
    if (Status answer = checkSetupAnswer(message, who, workerName()); !answer) {
        refuse(slot, answer.error());
        return;
    }
    slot.phase = WorkerSlot::Phase::Ready;
    slot.deadline = Clock::time_point::max();
}

void WorkerConversation::onJobAnswer(WorkerSlot &slot, Expected<Message> message)
{
    const auto now = Clock::now();
    if (!message) {
        slot.beginEnding(WorkerSlot::Ending::ProtocolError, message.error().toString(), now);
        return;
    }
    if (const auto *reference = std::get_if<ReferenceMessage>(&message.value());
        reference && slot.job && slot.jobSent && reference->id == slot.job->id) {
        slot.inReference = reference->running;
        return;
    }
    auto *answer = std::get_if<JobResultMessage>(&message.value());
    if (!answer || !slot.job || !slot.jobSent || answer->id != slot.job->id) {
        std::string what = std::string("unexpected '") + messageType(message.value()) + "'";
        if (answer && slot.job)
            what += " for job " + std::to_string(answer->id) + " while running job " +
                    std::to_string(slot.job->id);
        else if (answer)
            what += " while idle";
        slot.beginEnding(WorkerSlot::Ending::ProtocolError, what, now);
        return;
    }
    const JobRequest job = slot.takeJob();
    slot.readStderr(m_log); // the job's last words, before its output is closed
    slot.endOutput(m_log);
    ++slot.jobsDone;
    slot.failedStarts = 0;
    m_outcomes.add(&slot, job, std::move(answer->result));
}

void WorkerConversation::onDeadline(WorkerSlot &slot, Clock::time_point now)
{
    using Code = EngineError::Code;
    if (slot.phase == WorkerSlot::Phase::AwaitHello) {
        refuse(slot, makeError(Code::WorkerError, workerName() + " sent no hello within " +
                                                      secondsText(m_options.handshakeTimeout)));
    } else if (slot.phase == WorkerSlot::Phase::AwaitReady) {
        refuse(slot,
               makeError(Code::WorkerError, workerName() + " did not finish its setup within " +
                                                secondsText(m_options.handshakeTimeout)));
    } else if (slot.phase == WorkerSlot::Phase::Ready && slot.job && slot.jobSent &&
               slot.inReference) {
        log("supervisor: worker " + std::to_string(slot.index) + ": the reference of job " +
            std::to_string(slot.job->id) + " exceeded " + secondsText(slot.job->timeoutSeconds) +
            ", killing it");
        m_failures.referenceFailed(
            slot, m_options.referenceName + " ran longer than the limit of " +
                      secondsText(slot.job->timeoutSeconds) + "; the worker was killed");
        slot.beginEnding(WorkerSlot::Ending::Timeout, {}, now);
    } else if (slot.phase == WorkerSlot::Phase::Ready && slot.job && slot.jobSent) {
        const JobRequest job = slot.takeJob();
        log("supervisor: worker " + std::to_string(slot.index) + ": job " + std::to_string(job.id) +
            " exceeded " + secondsText(job.timeoutSeconds) + ", killing it");
        m_outcomes.add(&slot, job, timedOutResult(job.timeoutSeconds));
        slot.beginEnding(WorkerSlot::Ending::Timeout, {}, now);
    } else {
        slot.deadline = Clock::time_point::max();
    }
}

// A start that fails its handshake: the slot keeps why, for the failed start it becomes.
void WorkerConversation::refuse(WorkerSlot &slot, EngineError error)
{
    const std::string text = error.message;
    slot.startError = std::move(error);
    slot.beginEnding(WorkerSlot::Ending::Refused, text, Clock::now());
}

} // namespace tb::runner_detail
