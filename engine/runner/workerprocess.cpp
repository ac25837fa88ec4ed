#include "workerprocess.h"

#include "childlaunch.h"
#include "workerscope.h"

#include "protocol/streamparser.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tb {

using runner_detail::ChildArguments;
using runner_detail::ChildPipes;
using runner_detail::StartReport;

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// Per call, so that one flooding worker cannot starve the others of the I/O thread.
constexpr std::size_t kMaxReadPerCall = 4 * 1024 * 1024;
constexpr std::size_t kMaxLogLine = 16 * 1024;

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

void closeAll(ChildPipes &pipes)
{
    for (int *pair : {pipes.stdinPipe, pipes.stdoutPipe, pipes.stderrPipe, pipes.execPipe}) {
        closeFd(pair[0]);
        closeFd(pair[1]);
    }
}

// A close-on-exec pipe whose ends are >= 3, so the child's dup2() onto 0-2 cannot clobber one.
bool makePipe(int (&ends)[2])
{
    if (::pipe2(ends, O_CLOEXEC) != 0)
        return false;
    for (int &end : ends) {
        if (end < 3) {
            const int moved = ::fcntl(end, F_DUPFD_CLOEXEC, 3);
            ::close(end);
            end = moved;
            if (moved < 0)
                return false;
        }
    }
    return true;
}

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// The child's StartReport, or nullopt at end of file (see childlaunch.h).
std::optional<StartReport> readStartReport(int fd)
{
    StartReport report;
    std::size_t got = 0;
    auto *bytes = reinterpret_cast<char *>(&report);
    while (got < sizeof report) {
        const ssize_t n = ::read(fd, bytes + got, sizeof report - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    if (got < sizeof report)
        return std::nullopt;
    return report;
}

EngineError startError(const std::vector<std::string> &command, const std::string &why)
{
    return makeError(EngineError::Code::WorkerError,
                     "cannot start worker '" + runner_detail::commandText(command) + "'", why);
}

} // namespace

// Local workers run under a scope keeper (workerscope.h). A launcher's command (srun, ssh) is
// left alone: it manages its own processes, and the worker is not here to keep.
Expected<std::unique_ptr<WorkerProcess>> WorkerProcess::spawn(const WorkerLaunch &launch)
{
    auto worker = runner_detail::prepareChild(launch);
    if (!worker)
        return worker.error();
    const bool scoped = launch.launcher == LauncherKind::Local;

    ChildPipes pipes;
    if (!makePipe(pipes.stdinPipe) || !makePipe(pipes.stdoutPipe) || !makePipe(pipes.stderrPipe) ||
        !makePipe(pipes.execPipe)) {
        const std::string why = std::strerror(errno);
        closeAll(pipes);
        return startError(launch.command, "pipe: " + why);
    }
    ChildArguments arguments =
        scoped ? runner_detail::keeperArguments(*worker, pipes.execPipe[1]) : std::move(*worker);
    runner_detail::pointToStrings(arguments);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const std::string why = std::strerror(errno);
        closeAll(pipes);
        return startError(launch.command, "fork: " + why);
    }
    if (pid == 0)
        runner_detail::execChild(arguments, pipes, parent, scoped);

    std::unique_ptr<WorkerProcess> process(new WorkerProcess);
    process->m_child = pid;
    process->m_pid = pid;
    std::swap(process->m_stdin, pipes.stdinPipe[1]);
    std::swap(process->m_stdout, pipes.stdoutPipe[0]);
    std::swap(process->m_stderr, pipes.stderrPipe[0]);
    closeFd(pipes.execPipe[1]);
    const auto report = readStartReport(pipes.execPipe[0]);
    closeAll(pipes);
    const bool started = scoped ? report && report->error == 0 : !report;
    if (!started) {
        process->reap(true);
        if (report)
            return startError(launch.command, std::strerror(report->error));
        return startError(launch.command, "its scope keeper " +
                                              describeExit(process->m_waitStatus) +
                                              " before starting it");
    }
    if (scoped)
        process->m_pid = report->workerPid;
    for (int fd : {process->m_stdin, process->m_stdout, process->m_stderr})
        setNonBlocking(fd);
    return process;
}

WorkerProcess::~WorkerProcess()
{
    kill();
    reap(true);
    closeFd(m_stdin);
    closeFd(m_stdout);
    closeFd(m_stderr);
}

bool WorkerProcess::send(const std::string &bytes)
{
    if (m_stdin < 0)
        return false;
    m_pending += bytes;
    return flush();
}

bool WorkerProcess::flush()
{
    while (m_stdin >= 0 && !m_pending.empty()) {
        const ssize_t n = ::write(m_stdin, m_pending.data(), m_pending.size());
        if (n > 0) {
            m_pending.erase(0, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        if (n < 0 && errno == EPIPE) {
            // SIGPIPE is blocked in this thread: take the pending one so it is not delivered later.
            sigset_t pipeSignal;
            sigemptyset(&pipeSignal);
            sigaddset(&pipeSignal, SIGPIPE);
            const timespec noWait = {0, 0};
            ::sigtimedwait(&pipeSignal, nullptr, &noWait);
        }
        m_pending.clear();
        closeFd(m_stdin);
        return false;
    }
    return m_stdin >= 0;
}

bool WorkerProcess::readStdout(StreamParser &parser)
{
    char buffer[kReadChunk];
    std::size_t total = 0;
    while (m_stdout >= 0 && total < kMaxReadPerCall) {
        const ssize_t n = ::read(m_stdout, buffer, sizeof buffer);
        if (n > 0) {
            parser.feed(buffer, static_cast<std::size_t>(n));
            total += static_cast<std::size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return true;
        } else {
            closeFd(m_stdout);
        }
    }
    return m_stdout >= 0;
}

bool WorkerProcess::readStderr(std::vector<std::string> &lines)
{
    char buffer[kReadChunk];
    std::size_t total = 0;
    while (m_stderr >= 0 && total < kMaxReadPerCall) {
        const ssize_t n = ::read(m_stderr, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        if (n <= 0) {
            closeFd(m_stderr);
            break;
        }
        total += static_cast<std::size_t>(n);
        splitLines(std::string_view(buffer, static_cast<std::size_t>(n)), lines);
    }
    if (m_stderr < 0 && !m_stderrPartial.empty()) {
        lines.push_back(std::move(m_stderrPartial));
        m_stderrPartial.clear();
    }
    return m_stderr >= 0;
}

// Lines end at a newline or at kMaxLogLine characters. By spans, not characters: a kernel may
// print gigabytes.
void WorkerProcess::splitLines(std::string_view bytes, std::vector<std::string> &lines)
{
    while (!bytes.empty()) {
        if (m_stderrPartial.size() >= kMaxLogLine) {
            lines.push_back(std::move(m_stderrPartial));
            m_stderrPartial.clear();
            if (bytes.front() == '\n') { // the newline that would have ended it anyway
                bytes.remove_prefix(1);
                continue;
            }
        }
        const std::size_t room = kMaxLogLine - m_stderrPartial.size();
        const std::size_t newline = bytes.find('\n');
        if (newline != std::string_view::npos && newline < room) {
            m_stderrPartial.append(bytes.substr(0, newline));
            // ssh ends its own messages with CRLF: a kept '\r' would send a terminal's cursor
            // back over the line it is part of ("...refused\r); the run goes on").
            if (!m_stderrPartial.empty() && m_stderrPartial.back() == '\r')
                m_stderrPartial.pop_back();
            lines.push_back(std::move(m_stderrPartial));
            m_stderrPartial.clear();
            bytes.remove_prefix(newline + 1);
        } else {
            const std::size_t take = std::min(room, bytes.size());
            m_stderrPartial.append(bytes.substr(0, take));
            bytes.remove_prefix(take);
        }
    }
}

void WorkerProcess::kill()
{
    if (m_child <= 0 || m_reaped)
        return;
    // A keeper is asked: it kills the worker and all it started, then exits as the worker did.
    ::kill(m_child, m_child == m_pid ? SIGKILL : SIGTERM);
}

bool WorkerProcess::reap(bool block)
{
    if (m_child <= 0 || m_reaped)
        return m_reaped;
    int status = 0;
    pid_t result;
    do {
        result = ::waitpid(m_child, &status, block ? 0 : WNOHANG);
    } while (result < 0 && errno == EINTR);
    if (result == m_child) {
        m_reaped = true;
        m_waitStatus = status;
    } else if (result < 0) {
        m_reaped = true; // ECHILD: someone else reaped it; there is nothing left to wait for
        m_waitStatus = 0;
    }
    return m_reaped;
}

std::string WorkerProcess::describeExit(int waitStatus)
{
    if (WIFEXITED(waitStatus))
        return "exited with code " + std::to_string(WEXITSTATUS(waitStatus));
    if (WIFSIGNALED(waitStatus)) {
        const int signal = WTERMSIG(waitStatus);
        std::string text = "was killed by signal " + std::to_string(signal);
        if (const char *name = ::sigabbrev_np(signal))
            text += std::string(" (SIG") + name + ")";
        return text;
    }
    return "ended with wait status " + std::to_string(waitStatus);
}

} // namespace tb
