#include "workerpool.h"

#include "jobfailure.h"
#include "launcherloss.h"

#include "protocol/messagecodec.h"

#include <algorithm>

namespace tb::runner_detail {

namespace {

constexpr auto kReapInterval = std::chrono::milliseconds(10);
constexpr auto kLivenessInterval = std::chrono::milliseconds(250);
constexpr auto kStopGrace = std::chrono::seconds(2); // from shutdown to SIGKILL

} // namespace

WorkerPool::WorkerPool(SupervisorOptions options)
    : m_options(std::move(options)), m_failures(m_options, m_slots, m_outcomes, m_log),
      m_conversation(m_options, m_outcomes, m_log, m_failures)
{
    m_slots.resize(static_cast<std::size_t>(std::max(0, m_options.workerCount)));
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        m_slots[i].index = static_cast<int>(i);
        // A launched one's: its hello's pid is the launcher's task, not the slot.
        m_slots[i].name = "worker " + std::to_string(i);
        if (m_options.launch.launcher != LauncherKind::Local)
            m_slots[i].name += " on " + m_options.locationName;
    }
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
        m_failures.failedStart(slot, process.error(), now);
        return;
    }
    slot.process = std::move(*process);
    slot.parser = std::make_unique<StreamParser>();
    slot.phase = WorkerSlot::Phase::AwaitHello;
    slot.ending = WorkerSlot::Ending::None;
    slot.endingText.clear();
    slot.deadline = now + m_options.handshakeTimeout;
    slot.killAt = Clock::time_point::max();
    log("supervisor: " + slot.name + " started (pid " + std::to_string(slot.process->pid()) + ")");
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
            m_conversation.onDeadline(slot, now);
    }
}

void WorkerPool::sendJob(WorkerSlot &slot, Clock::time_point now)
{
    const JobRequest &job = *slot.job;
    slot.jobSent = true;
    slot.inReference = false;
    slot.endOutput(m_log); // what it wrote since the last job belongs to that one
    slot.deadline = Clock::time_point::max();
    if (job.timeoutSeconds > 0) {
        slot.deadline = now + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(job.timeoutSeconds));
    }
    // A worker that closed its input is dying, most likely: learn how before judging.
    if (!slot.process->send(
            encode(JobMessage{job.id, job.config.values, job.sizeIndex, job.stopAboveSeconds})))
        slot.beginEnding(WorkerSlot::Ending::Exited, {}, now);
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
                slot.readStderr(m_log);
            else if (stream == PollRef::Stream::Out)
                readStdout(slot, now);
            else if (!slot.process->flush())
                slot.beginEnding(WorkerSlot::Ending::Exited, {}, now); // dying, most likely
        }
    }
}

void WorkerPool::readStdout(WorkerSlot &slot, Clock::time_point now)
{
    const bool open = slot.process->readStdout(*slot.parser);
    while (auto frame = slot.parser->nextFrame())
        m_conversation.onFrame(slot, *frame, now);
    if (!open && slot.ending == WorkerSlot::Ending::None)
        slot.beginEnding(WorkerSlot::Ending::Exited, {}, now);
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
    if (m_failures.startError())
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
    if (const auto kills = m_failures.quarantined(job)) {
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
    if (m_failures.health())
        return *m_failures.health();
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

// --- a worker's end: reaped, then judged

void WorkerPool::finishProcess(WorkerSlot &slot, Clock::time_point now)
{
    // Reaped: what it wrote last may still sit in the pipes.
    slot.readStderr(m_log);
    slot.endOutput(m_log);
    if (slot.process->stdoutFd() >= 0) {
        slot.process->readStdout(*slot.parser);
        while (auto frame = slot.parser->nextFrame())
            m_conversation.onFrame(slot, *frame, now);
    }
    const std::string how = WorkerProcess::describeExit(slot.process->waitStatus());
    // Lost at any point once started (a task killed during its setup too); while the pool
    // starts, a worker that cannot come up fails the start instead.
    const std::string lost =
        slot.ending == WorkerSlot::Ending::Exited && !m_failures.starting()
            ? launcherLossReason(m_options.launch.launcher, slot.process->waitStatus(),
                                 slot.stderrCapture.tail())
            : std::string();
    const auto ending = slot.ending;
    const auto phase = slot.phase;
    log("supervisor: " + slot.name + " (pid " + std::to_string(slot.process->pid()) + ") " + how);
    slot.process.reset();
    slot.parser.reset();
    slot.ending = WorkerSlot::Ending::None;
    slot.deadline = Clock::time_point::max();
    slot.killAt = Clock::time_point::max();
    slot.phase = WorkerSlot::Phase::Down;
    slot.restartAt = now;
    if (!m_stopping)
        judgeEnd(slot, ending, phase, how, lost, now);
}

void WorkerPool::judgeEnd(WorkerSlot &slot, WorkerSlot::Ending ending, WorkerSlot::Phase phase,
                          const std::string &how, const std::string &lost, Clock::time_point now)
{
    const std::string workerName = m_conversation.workerName();
    if (m_failures.locationDropped()) {
        slot.phase = WorkerSlot::Phase::Failed;
    } else if (!lost.empty()) {
        m_failures.lostToLauncher(slot, lost);
    } else if (phase == WorkerSlot::Phase::AwaitHello || phase == WorkerSlot::Phase::AwaitReady) {
        EngineError error = slot.startError.value_or(
            makeError(EngineError::Code::WorkerError,
                      workerName + " " + how +
                          (phase == WorkerSlot::Phase::AwaitHello ? " before its hello"
                                                                  : " during its setup")));
        if (error.detail.empty())
            error.detail = slot.stderrCapture.tailText();
        m_failures.failedStart(slot, std::move(error), now);
    } else if (slot.job && slot.jobSent) {
        m_failures.jobKilledWorker(slot, ending == WorkerSlot::Ending::ProtocolError
                                             ? asProtocolError(slot.endingText)
                                             : "worker " + how);
    } else if (slot.jobsDone == 0 && ending != WorkerSlot::Ending::Timeout) {
        m_failures.failedStart(slot,
                               makeError(EngineError::Code::WorkerError,
                                         workerName + " " + how + " before finishing a job",
                                         slot.stderrCapture.tailText()),
                               now);
    }
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
