#include "workerpool.h"

#include "childlaunch.h"

#include "protocol/messagecodec.h"

#include <algorithm>

namespace tb::runner_detail {

namespace {

constexpr std::size_t kMaxLogLines = 10000;
constexpr std::size_t kTailLines = 10;
// A worker's stderr logged per job (and per start): a kernel printing gigabytes is cut to its
// first quarter megabyte and its last kTailLines lines, with a note of how much was dropped.
constexpr std::size_t kLoggedBytesPerJob = 256 * 1024;

std::string byteCount(std::size_t bytes)
{
    if (bytes >= 10 * 1024 * 1024)
        return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes >= 10 * 1024)
        return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}
constexpr auto kReapInterval = std::chrono::milliseconds(10);
constexpr auto kLivenessInterval = std::chrono::milliseconds(250);

} // namespace

WorkerPool::WorkerPool(SupervisorOptions options) : m_options(std::move(options))
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
    slot.stderrTail.clear();
    slot.loggedBytes = slot.droppedBytes = slot.droppedLines = 0;
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
        if (slot.phase == WorkerSlot::Phase::Ready && slot.job && !slot.jobSent && !m_stopping)
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
        if (slot.loggedBytes + line.size() <= kLoggedBytesPerJob) {
            slot.loggedBytes += line.size() + 1;
            log("worker " + std::to_string(slot.index) + ": " + line);
        } else {
            slot.droppedBytes += line.size() + 1;
            ++slot.droppedLines;
        }
        slot.stderrTail.push_back(std::move(line));
        if (slot.stderrTail.size() > kTailLines)
            slot.stderrTail.pop_front();
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
    if (slot.droppedBytes > 0) {
        const std::string name = "worker " + std::to_string(slot.index) + ": ";
        log("supervisor: " + name + byteCount(slot.droppedBytes) + " of output (" +
            std::to_string(slot.droppedLines) + " lines) dropped after the first " +
            byteCount(slot.loggedBytes) + "; the last lines:");
        const std::size_t shown = std::min(slot.droppedLines, slot.stderrTail.size());
        for (auto line = slot.stderrTail.end() - static_cast<std::ptrdiff_t>(shown);
             line != slot.stderrTail.end(); ++line)
            log(name + *line);
    }
    slot.loggedBytes = slot.droppedBytes = slot.droppedLines = 0;
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
            if (slot.phase == WorkerSlot::Phase::Ready && slot.job && !slot.jobSent && !m_stopping)
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
    const auto kills = m_kills.find({job.config.values, job.sizeIndex});
    if (kills != m_kills.end() && kills->second >= m_options.crashesBeforeQuarantine) {
        Result result;
        result.status = ResultStatus::WorkerCrashed;
        result.message = "quarantined: this configuration already killed " +
                         std::to_string(kills->second) + " worker(s); not run again";
        emit(nullptr, job, std::move(result));
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
    std::vector<JobOutcome> outcomes(std::make_move_iterator(m_outcomes.begin()),
                                     std::make_move_iterator(m_outcomes.end()));
    m_outcomes.clear();
    return outcomes;
}

std::vector<std::string> WorkerPool::takeLogLines()
{
    std::vector<std::string> lines;
    if (m_droppedLogLines > 0) {
        lines.push_back("supervisor: " + std::to_string(m_droppedLogLines) +
                        " log lines dropped (nobody read them in time)");
        m_droppedLogLines = 0;
    }
    lines.insert(lines.end(), std::make_move_iterator(m_logLines.begin()),
                 std::make_move_iterator(m_logLines.end()));
    m_logLines.clear();
    return lines;
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
    if (m_logLines.size() >= kMaxLogLines) {
        m_logLines.pop_front();
        ++m_droppedLogLines;
    }
    m_logLines.push_back(std::move(line));
}

std::string WorkerPool::tailText(const WorkerSlot &slot) const
{
    std::string text;
    for (const auto &line : slot.stderrTail)
        text += (text.empty() ? "" : "\n") + line;
    return text;
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

} // namespace tb::runner_detail
