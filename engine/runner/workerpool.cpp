#include "workerpool.h"

#include "childlaunch.h"
#include "handshakecheck.h"
#include "jobfailure.h"
#include "launcherloss.h"

#include "protocol/messagecodec.h"

#include <algorithm>

namespace tb::runner_detail {

namespace {

constexpr auto kReapInterval = std::chrono::milliseconds(10);
constexpr auto kLivenessInterval = std::chrono::milliseconds(250);
constexpr auto kExitGrace = std::chrono::seconds(1); // from EOF on stdout to SIGKILL
constexpr auto kStopGrace = std::chrono::seconds(2); // from shutdown to SIGKILL

} // namespace

WorkerPool::WorkerPool(SupervisorOptions options)
    : m_options(std::move(options)), m_quarantine(m_options.crashesBeforeQuarantine),
      m_restarts(m_options.failedStartsBeforeGivingUp),
      m_launcherLosses(m_options.launcherLossesBeforeDropping)
{
    m_slots.resize(static_cast<std::size_t>(std::max(0, m_options.workerCount)));
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        m_slots[i].index = static_cast<int>(i);
}

void WorkerPool::startAll(Clock::time_point now)
{
    for (auto &slot : m_slots)
        spawn(slot, now);
}

void WorkerPool::spawn(WorkerSlot &slot, Clock::time_point now)
{
    slot.stderrCapture.reset();
    slot.jobsDone = 0;
    slot.startError.reset();
    auto process = WorkerProcess::spawn(m_options.launch);
    if (!process) {
        slot.phase = WorkerSlot::Phase::AwaitHello; // a start that failed before the hello
        failedStart(slot, process.error(), now);
        return;
    }
    slot.process = std::move(*process);
    slot.parser = std::make_unique<StreamParser>();
    slot.phase = WorkerSlot::Phase::AwaitHello;
    slot.ending = WorkerSlot::Ending::None;
    slot.endingText.clear();
    slot.deadline = now + m_options.handshakeTimeout;
    slot.killAt = Clock::time_point::max();
    log("supervisor: " + slotName(slot) + " started (pid " + std::to_string(slot.process->pid()) +
        ")");
}

void WorkerPool::step(Clock::time_point now)
{
    for (auto &slot : m_slots) {
        if (!slot.process) {
            if (slot.phase == WorkerSlot::Phase::Down && !m_stopping && now >= slot.restartAt)
                spawn(slot, now);
            continue;
        }
        // A worker can die without its stdout closing (a grandchild may hold it): look too.
        if (slot.ending == WorkerSlot::Ending::None && slot.process->reap(false))
            slot.ending = WorkerSlot::Ending::Exited;
        if (slot.ending != WorkerSlot::Ending::None) {
            if (now >= slot.killAt) {
                slot.process->kill();
                slot.killAt = Clock::time_point::max();
            }
            if (slot.process->reap(false))
                finishProcess(slot, now);
            continue;
        }
        if (slot.jobWaiting() && !m_stopping)
            sendJob(slot, now);
        if (now >= slot.deadline)
            onDeadline(slot, now);
    }
}

void WorkerPool::sendJob(WorkerSlot &slot, Clock::time_point now)
{
    const JobRequest &job = *slot.job;
    slot.jobSent = true;
    slot.inReference = false;
    endOutput(slot); // what it wrote since the last job belongs to that one
    slot.deadline = Clock::time_point::max();
    if (job.timeoutSeconds > 0) {
        slot.deadline = now + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(job.timeoutSeconds));
    }
    // A worker that closed its input is dying, most likely: learn how before judging.
    if (!slot.process->send(
            encode(JobMessage{job.id, job.config.values, job.sizeIndex, job.stopAboveSeconds})))
        endProcess(slot, WorkerSlot::Ending::Exited, {}, now);
}

void WorkerPool::fillPollSet(std::vector<pollfd> &fds, std::vector<PollRef> &refs) const
{
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        const WorkerProcess *process = m_slots[i].process.get();
        if (!process)
            continue;
        if (process->stdoutFd() >= 0) {
            fds.push_back({process->stdoutFd(), POLLIN, 0});
            refs.push_back({i, PollRef::Stream::Out});
        }
        if (process->stderrFd() >= 0) {
            fds.push_back({process->stderrFd(), POLLIN, 0});
            refs.push_back({i, PollRef::Stream::Err});
        }
        if (process->wantsToWrite()) {
            fds.push_back({process->stdinFd(), POLLOUT, 0});
            refs.push_back({i, PollRef::Stream::In});
        }
    }
}

void WorkerPool::handlePollResults(const std::vector<pollfd> &fds, const std::vector<PollRef> &refs,
                                   Clock::time_point now)
{
    // Stderr first, so that a crash report has the worker's last words.
    for (auto stream : {PollRef::Stream::Err, PollRef::Stream::Out, PollRef::Stream::In}) {
        for (std::size_t i = 0; i < refs.size(); ++i) {
            if (refs[i].stream != stream || fds[i].revents == 0)
                continue;
            WorkerSlot &slot = m_slots[refs[i].slot];
            if (!slot.process)
                continue;
            if (stream == PollRef::Stream::Err)
                readStderr(slot);
            else if (stream == PollRef::Stream::Out)
                readStdout(slot, now);
            else if (!slot.process->flush())
                endProcess(slot, WorkerSlot::Ending::Exited, {}, now); // dying, most likely
        }
    }
}

void WorkerPool::readStderr(WorkerSlot &slot)
{
    std::vector<std::string> lines;
    slot.process->readStderr(lines);
    for (auto &line : lines) {
        if (slot.stderrCapture.add(std::move(line)))
            log("worker " + std::to_string(slot.index) + ": " + slot.stderrCapture.tail().back());
    }
}

void WorkerPool::readStdout(WorkerSlot &slot, Clock::time_point now)
{
    const bool open = slot.process->readStdout(*slot.parser);
    while (auto frame = slot.parser->nextFrame())
        onFrame(slot, *frame, now);
    if (!open && slot.ending == WorkerSlot::Ending::None)
        endProcess(slot, WorkerSlot::Ending::Exited, {}, now);
}

// Ends a job's (or a start's) output: says how much of it was dropped, then its last lines.
void WorkerPool::endOutput(WorkerSlot &slot)
{
    for (auto &line : slot.stderrCapture.endOutput("worker " + std::to_string(slot.index) + ": "))
        log(std::move(line));
}

int WorkerPool::pollTimeoutMs(Clock::time_point now) const
{
    Clock::time_point wake = now + kLivenessInterval;
    for (const auto &slot : m_slots) {
        if (!slot.process) {
            if (slot.phase == WorkerSlot::Phase::Down && !m_stopping)
                wake = std::min(wake, slot.restartAt);
        } else if (slot.ending != WorkerSlot::Ending::None) {
            wake = std::min({wake, slot.killAt, now + kReapInterval});
        } else {
            wake = std::min(wake, slot.deadline);
            if (slot.jobWaiting() && !m_stopping)
                wake = now;
        }
    }
    if (m_stopping)
        wake = std::min(wake, m_stopDeadline);
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(wake - now).count();
    return static_cast<int>(std::max<decltype(ms)>(0, ms));
}

WorkerPool::StartState WorkerPool::startState() const
{
    if (m_startError)
        return StartState::Failed;
    const bool allReady = std::all_of(m_slots.begin(), m_slots.end(), [](const auto &slot) {
        return slot.phase == WorkerSlot::Phase::Ready && slot.healthy();
    });
    return allReady ? StartState::Ready : StartState::Pending;
}

bool WorkerPool::assign(const JobRequest &job)
{
    if (m_stopping)
        return false;
    if (const auto kills = m_quarantine.quarantined(job)) {
        m_outcomes.add(nullptr, job, quarantinedResult(*kills));
        return true;
    }
    for (auto &slot : m_slots) {
        if (slot.idle()) {
            slot.job = job;
            slot.jobSent = false;
            return true;
        }
    }
    return false;
}

std::size_t WorkerPool::idleCount() const
{
    if (m_stopping)
        return 0;
    return static_cast<std::size_t>(
        std::count_if(m_slots.begin(), m_slots.end(), [](const auto &s) { return s.idle(); }));
}

std::size_t WorkerPool::busyCount() const
{
    return static_cast<std::size_t>(std::count_if(m_slots.begin(), m_slots.end(),
                                                  [](const auto &s) { return s.job.has_value(); }));
}

// The slot's job, which has its outcome now: the slot no longer holds it.
JobRequest WorkerPool::takeJob(WorkerSlot &slot)
{
    JobRequest job = std::move(*slot.job);
    slot.job.reset();
    slot.jobSent = false;
    slot.inReference = false;
    slot.deadline = Clock::time_point::max();
    return job;
}

std::size_t WorkerPool::liveCount() const
{
    return static_cast<std::size_t>(
        std::count_if(m_slots.begin(), m_slots.end(),
                      [](const auto &s) { return s.phase != WorkerSlot::Phase::Failed; }));
}

std::vector<JobOutcome> WorkerPool::takeOutcomes()
{
    return m_outcomes.take();
}

std::vector<std::string> WorkerPool::takeLogLines()
{
    return m_log.take();
}

std::vector<JobRequest> WorkerPool::takeAbandoned()
{
    return std::exchange(m_abandoned, {});
}

Status WorkerPool::health() const
{
    if (m_health)
        return *m_health;
    return ok();
}

std::vector<int> WorkerPool::pids() const
{
    std::vector<int> pids;
    for (const auto &slot : m_slots)
        pids.push_back(slot.process ? slot.process->pid() : -1);
    return pids;
}

std::vector<GpuIdentity> WorkerPool::gpus() const
{
    std::vector<GpuIdentity> gpus;
    for (const auto &slot : m_slots)
        gpus.push_back(slot.gpu);
    return gpus;
}

void WorkerPool::log(std::string line)
{
    m_log.push(std::move(line));
}

std::string WorkerPool::slotName(const WorkerSlot &slot) const
{
    std::string name = "worker " + std::to_string(slot.index);
    if (m_options.launch.launcher != LauncherKind::Local)
        name += " on " + m_options.locationName;
    return name;
}

std::string WorkerPool::workerName() const
{
    return "worker '" + commandText(m_options.launch.command) + "'";
}

// --- the worker's conversation: frames, deadlines, deaths

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

void WorkerPool::onHello(WorkerSlot &slot, const Expected<std::string> &frame,
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
    log("supervisor: " + slotName(slot) + ": tunebench-worker " + hello->workerVersion + " on " +
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

void WorkerPool::onSetupAnswer(WorkerSlot &slot, const Expected<Message> &message)
{
    // A launched worker's failure says where: a login node's user must know which node has
    // no GPU or no driver.
    const std::string who = m_options.launch.launcher == LauncherKind::Local ? std::string("worker")
                                                                             : slotName(slot) + ":";
    if (Status answer = checkSetupAnswer(message, who, workerName()); !answer) {
        refuse(slot, answer.error());
        return;
    }
    slot.phase = WorkerSlot::Phase::Ready;
    slot.deadline = Clock::time_point::max();
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
    m_outcomes.add(&slot, job, std::move(answer->result));
}

void WorkerPool::onDeadline(WorkerSlot &slot, Clock::time_point now)
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
        referenceFailed(slot, m_options.referenceName + " ran longer than the limit of " +
                                  secondsText(slot.job->timeoutSeconds) +
                                  "; the worker was killed");
        endProcess(slot, WorkerSlot::Ending::Timeout, {}, now);
    } else if (slot.phase == WorkerSlot::Phase::Ready && slot.job && slot.jobSent) {
        const JobRequest job = takeJob(slot);
        log("supervisor: worker " + std::to_string(slot.index) + ": job " + std::to_string(job.id) +
            " exceeded " + secondsText(job.timeoutSeconds) + ", killing it");
        m_outcomes.add(&slot, job, timedOutResult(job.timeoutSeconds));
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
    const std::string lost =
        slot.ending == WorkerSlot::Ending::Exited && !m_starting
            ? launcherLossReason(m_options.launch.launcher, slot.process->waitStatus(),
                                 slot.stderrCapture.tail())
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
    if (m_launcherLosses.dropped()) {
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
            error.detail = slot.stderrCapture.tailText();
        failedStart(slot, std::move(error), now);
    } else if (slot.job && slot.jobSent) {
        jobKilledWorker(slot, ending == WorkerSlot::Ending::ProtocolError
                                  ? asProtocolError(slot.endingText)
                                  : "worker " + how);
    } else if (slot.jobsDone == 0 && ending != WorkerSlot::Ending::Timeout) {
        failedStart(slot,
                    makeError(EngineError::Code::WorkerError,
                              workerName() + " " + how + " before finishing a job",
                              slot.stderrCapture.tailText()),
                    now);
    }
}

// --- failures: a job that kills its worker, a worker that cannot start, a lost location

void WorkerPool::jobKilledWorker(WorkerSlot &slot, const std::string &how)
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
    const JobRequest job = takeJob(slot);
    m_outcomes.add(&slot, job, killedWorkerResult(how, kills, slot.stderrCapture));
}

void WorkerPool::referenceFailed(WorkerSlot &slot, std::string message)
{
    log("supervisor: worker " + std::to_string(slot.index) + ": " + message);
    const JobRequest job = takeJob(slot);
    m_outcomes.add(&slot, job, referenceFailedResult(std::move(message)));
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
        const JobRequest job = takeJob(slot);
        m_outcomes.add(&slot, job, workerCrashedResult(gaveUp.toString()));
    }
    if (!m_health)
        m_health = std::move(gaveUp);
}

// A worker lost to its launcher (launcherloss.h) says nothing about its job: the job goes back
// to the caller as `lost`, to run on another worker, and counts against this location only.
// The slot restarts, unless the location has now lost too many.
void WorkerPool::lostToLauncher(WorkerSlot &slot, const std::string &reason)
{
    const bool dropNow = m_launcherLosses.recordLoss();
    std::string line = "supervisor: " + slotName(slot) + " lost to its launcher: " + reason;
    if (slot.job) {
        line += "; job " + std::to_string(slot.job->id) +
                " handed back to run elsewhere, not counted against its configuration";
        const JobRequest job = takeJob(slot);
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
void WorkerPool::dropLocation(const std::string &lastReason)
{
    m_launcherLosses.markDropped();
    EngineError dropped = makeError(
        EngineError::Code::WorkerError,
        m_options.locationName + " dropped: " + workerCountText(m_launcherLosses.losses()) +
            " lost to the launcher (the last: " + lastReason + "); the run goes on without it");
    log("supervisor: " + dropped.message);
    for (auto &slot : m_slots) {
        if (slot.job) {
            const JobRequest job = takeJob(slot);
            m_outcomes.add(&slot, job, workerCrashedResult(dropped.message), true);
        }
        if (slot.process)
            endProcess(slot, WorkerSlot::Ending::Refused, "location dropped", Clock::now());
        else
            slot.phase = WorkerSlot::Phase::Failed;
    }
    if (!m_health)
        m_health = std::move(dropped);
}

// --- shutdown: ask every worker to stop, wait a grace period, kill what is left

void WorkerPool::beginShutdown(Clock::time_point now)
{
    m_stopping = true;
    m_stopDeadline = now + kStopGrace;
    for (auto &slot : m_slots) {
        if (slot.healthy())
            slot.process->send(encode(ShutdownMessage{}));
    }
}

bool WorkerPool::shutdownDone(Clock::time_point now) const
{
    return now >= m_stopDeadline ||
           std::none_of(m_slots.begin(), m_slots.end(), [](const auto &s) { return !!s.process; });
}

void WorkerPool::killRemaining()
{
    m_stopping = true;
    for (auto &slot : m_slots) {
        if (slot.process) {
            slot.process->kill();
            slot.process->reap(true);
            finishProcess(slot, Clock::now());
        }
        if (slot.job) {
            m_abandoned.push_back(*slot.job);
            slot.job.reset();
        }
    }
}

} // namespace tb::runner_detail
