// WorkerPool's reactions: frames, deadlines, deaths, and what they mean for jobs and restarts.
#include "workerpool.h"

#include "launcherloss.h"
#include "protocol/messagecodec.h"

#include <sstream>

namespace tb::runner_detail {

namespace {

constexpr auto kExitGrace = std::chrono::seconds(1); // from EOF on stdout to SIGKILL

std::string seconds(double value)
{
    std::ostringstream text;
    text << value << " s";
    return text.str();
}

std::string seconds(std::chrono::milliseconds value)
{
    return seconds(static_cast<double>(value.count()) / 1000.0);
}

// The codec's own messages already say "protocol error: ...".
std::string asProtocolError(const std::string &text)
{
    const std::string prefix = "protocol error: ";
    return text.rfind(prefix, 0) == 0 ? text : prefix + text;
}

Expected<Message> decodeFrame(const Expected<std::string> &frame)
{
    if (!frame)
        return frame.error();
    return decode(frame.value());
}

} // namespace

void WorkerPool::onFrame(WorkerSlot &slot, const Expected<std::string> &frame,
                         Clock::time_point now)
{
    if (slot.ending != WorkerSlot::Ending::None && slot.ending != WorkerSlot::Ending::Exited)
        return; // being killed: nothing it says counts any more
    switch (slot.phase) {
    case WorkerSlot::Phase::AwaitHello:
        onHello(slot, frame, now);
        break;
    case WorkerSlot::Phase::AwaitReady:
        onSetupAnswer(slot, decodeFrame(frame), now);
        break;
    case WorkerSlot::Phase::Ready:
        onJobAnswer(slot, decodeFrame(frame));
        break;
    case WorkerSlot::Phase::Down:
    case WorkerSlot::Phase::Failed:
        break;
    }
}

void WorkerPool::onHello(WorkerSlot &slot, const Expected<std::string> &frame,
                         Clock::time_point now)
{
    using Code = EngineError::Code;
    const Expected<Message> message = decodeFrame(frame);
    const auto *hello = message ? std::get_if<HelloMessage>(&message.value()) : nullptr;
    std::optional<int> version;
    if (hello)
        version = hello->protocol;
    else if (frame)
        version = peekProtocolVersion(frame.value());
    if (version && *version != kProtocolVersion) {
        refuse(slot, makeError(Code::WorkerError,
                               workerName() + " speaks protocol " + std::to_string(*version) +
                                   ", this Tunebench speaks " + std::to_string(kProtocolVersion)));
        return;
    }
    if (!hello) {
        refuse(slot, makeError(Code::ProtocolError, workerName() + " sent an unreadable hello",
                               message ? std::string("expected 'hello', got '") +
                                             messageType(message.value()) + "'"
                                       : message.error().toString()));
        return;
    }
    // Compared as text: a role this Tunebench does not know is refused by name too.
    const std::string expected(toString(m_options.expectedRole));
    if (hello->role != expected) {
        refuse(slot, makeError(Code::WorkerError, workerName() + " has role '" + hello->role +
                                                      "', expected '" + expected + "'"));
        return;
    }
    slot.host = hello->host;
    slot.device = hello->device;
    slot.gpu = hello->gpu;
    log("supervisor: " + slotName(slot) + ": tunebench-worker " + hello->workerVersion + " on " +
        hello->host + " (pid " + std::to_string(hello->pid) + "), " + hello->device);
    const SetupMessage setup{m_options.specDocument, m_options.baseDirectory,
                             m_options.cacheDirectory};
    if (!slot.process->send(encode(setup))) {
        refuse(slot, makeError(Code::WorkerError, workerName() + " closed its input"));
        return;
    }
    slot.phase = WorkerSlot::Phase::AwaitReady;
    slot.deadline = now + m_options.handshakeTimeout;
}

void WorkerPool::onSetupAnswer(WorkerSlot &slot, const Expected<Message> &message,
                               Clock::time_point now)
{
    (void)now;
    if (message && std::holds_alternative<ReadyMessage>(message.value())) {
        slot.phase = WorkerSlot::Phase::Ready;
        slot.deadline = Clock::time_point::max();
        return;
    }
    if (message) {
        if (const auto *failed = std::get_if<SetupFailedMessage>(&message.value())) {
            // A launched worker's failure says where: a login node's user must know which
            // node has no GPU or no driver.
            const std::string who = m_options.launch.launcher == LauncherKind::Local
                                        ? std::string("worker")
                                        : slotName(slot) + ":";
            refuse(slot, makeError(EngineError::Code::WorkerError,
                                   who + " setup failed: " + failed->message, failed->detail));
            return;
        }
    }
    refuse(slot, makeError(EngineError::Code::ProtocolError,
                           "protocol error: " + workerName() + " broke the protocol in its setup",
                           message ? std::string("expected 'ready' or 'setup_failed', got '") +
                                         messageType(message.value()) + "'"
                                   : message.error().toString()));
}

void WorkerPool::onJobAnswer(WorkerSlot &slot, Expected<Message> message)
{
    const auto now = Clock::now();
    if (!message) {
        endProcess(slot, WorkerSlot::Ending::ProtocolError, message.error().toString(), now);
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
        endProcess(slot, WorkerSlot::Ending::ProtocolError, what, now);
        return;
    }
    const JobRequest job = takeJob(slot);
    readStderr(slot); // the job's last words, before its output is closed
    endOutput(slot);
    ++slot.jobsDone;
    slot.failedStarts = 0;
    emit(&slot, job, std::move(answer->result));
}

void WorkerPool::onDeadline(WorkerSlot &slot, Clock::time_point now)
{
    using Code = EngineError::Code;
    if (slot.phase == WorkerSlot::Phase::AwaitHello) {
        refuse(slot, makeError(Code::WorkerError, workerName() + " sent no hello within " +
                                                      seconds(m_options.handshakeTimeout)));
    } else if (slot.phase == WorkerSlot::Phase::AwaitReady) {
        refuse(slot,
               makeError(Code::WorkerError, workerName() + " did not finish its setup within " +
                                                seconds(m_options.handshakeTimeout)));
    } else if (slot.phase == WorkerSlot::Phase::Ready && slot.job && slot.jobSent &&
               slot.inReference) {
        log("supervisor: worker " + std::to_string(slot.index) + ": the reference of job " +
            std::to_string(slot.job->id) + " exceeded " + seconds(slot.job->timeoutSeconds) +
            ", killing it");
        referenceFailed(slot, m_options.referenceName + " ran longer than the limit of " +
                                  seconds(slot.job->timeoutSeconds) + "; the worker was killed");
        endProcess(slot, WorkerSlot::Ending::Timeout, {}, now);
    } else if (slot.phase == WorkerSlot::Phase::Ready && slot.job && slot.jobSent) {
        const JobRequest job = takeJob(slot);
        Result result;
        result.status = ResultStatus::Timeout;
        result.message = "the configuration ran longer than its limit of " +
                         seconds(job.timeoutSeconds) + "; the worker was killed";
        log("supervisor: worker " + std::to_string(slot.index) + ": job " + std::to_string(job.id) +
            " exceeded " + seconds(job.timeoutSeconds) + ", killing it");
        emit(&slot, job, std::move(result));
        endProcess(slot, WorkerSlot::Ending::Timeout, {}, now);
    } else {
        slot.deadline = Clock::time_point::max();
    }
}

void WorkerPool::refuse(WorkerSlot &slot, EngineError error)
{
    const std::string text = error.message;
    slot.startError = std::move(error);
    endProcess(slot, WorkerSlot::Ending::Refused, text, Clock::now());
}

void WorkerPool::endProcess(WorkerSlot &slot, WorkerSlot::Ending ending, std::string text,
                            Clock::time_point now)
{
    if (slot.ending != WorkerSlot::Ending::None)
        return;
    slot.ending = ending;
    slot.endingText = std::move(text);
    if (ending == WorkerSlot::Ending::Exited)
        slot.killAt = now + kExitGrace; // it is probably exiting: let it, to learn its status
    else
        slot.process->kill();
}

void WorkerPool::finishProcess(WorkerSlot &slot, Clock::time_point now)
{
    // Reaped: what it wrote last may still sit in the pipes.
    readStderr(slot);
    endOutput(slot);
    if (slot.process->stdoutFd() >= 0) {
        slot.process->readStdout(*slot.parser);
        while (auto frame = slot.parser->nextFrame())
            onFrame(slot, *frame, now);
    }
    const std::string how = WorkerProcess::describeExit(slot.process->waitStatus());
    // Lost at any point once started (a task killed during its setup too); while the pool
    // starts, a worker that cannot come up fails the start instead.
    const std::string lost = slot.ending == WorkerSlot::Ending::Exited && !m_starting
                                 ? launcherLossReason(m_options.launch.launcher,
                                                      slot.process->waitStatus(), slot.stderrTail)
                                 : std::string();
    const auto ending = slot.ending;
    const auto phase = slot.phase;
    log("supervisor: " + slotName(slot) + " (pid " + std::to_string(slot.process->pid()) + ") " +
        how);
    slot.process.reset();
    slot.parser.reset();
    slot.ending = WorkerSlot::Ending::None;
    slot.deadline = Clock::time_point::max();
    slot.killAt = Clock::time_point::max();
    slot.phase = WorkerSlot::Phase::Down;
    slot.restartAt = now;
    if (m_stopping)
        return;
    if (m_locationDropped) {
        slot.phase = WorkerSlot::Phase::Failed;
        return;
    }
    if (!lost.empty()) {
        lostToLauncher(slot, lost);
        return;
    }
    if (phase == WorkerSlot::Phase::AwaitHello || phase == WorkerSlot::Phase::AwaitReady) {
        EngineError error = slot.startError.value_or(
            makeError(EngineError::Code::WorkerError,
                      workerName() + " " + how +
                          (phase == WorkerSlot::Phase::AwaitHello ? " before its hello"
                                                                  : " during its setup")));
        if (error.detail.empty())
            error.detail = tailText(slot);
        failedStart(slot, std::move(error), now);
    } else if (slot.job && slot.jobSent) {
        jobKilledWorker(slot, ending == WorkerSlot::Ending::ProtocolError
                                  ? asProtocolError(slot.endingText)
                                  : "worker " + how);
    } else if (slot.jobsDone == 0 && ending != WorkerSlot::Ending::Timeout) {
        failedStart(slot,
                    makeError(EngineError::Code::WorkerError,
                              workerName() + " " + how + " before finishing a job", tailText(slot)),
                    now);
    }
}

void WorkerPool::emit(WorkerSlot *slot, const JobRequest &job, Result result)
{
    m_outcomes.push_back(JobOutcome{job.id, job.config, job.sizeIndex, std::move(result),
                                    slot ? slot->index : -1, false, slot ? slot->host : "",
                                    slot ? slot->device : "", slot ? slot->gpu : GpuIdentity{}});
}

} // namespace tb::runner_detail
