#include "watchedprocess.h"

#include "posix/spawnsignals.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace tb {

namespace {

int exitCodeOf(int status)
{
    if (status == -1)
        return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

} // namespace

WatchedProcess::~WatchedProcess()
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    closeOutput();
}

Status WatchedProcess::start(const std::vector<std::string> &argv)
{
    if (argv.empty())
        return makeError(EngineError::Code::InvalidArgument, "no program to run");
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return makeError(EngineError::Code::IoError, "cannot create a pipe", std::strerror(errno));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // salloc revokes a pending allocation on SIGINT or SIGTERM: it must not inherit them ignored.
    posix_spawnattr_setflags(&attributes, cleanChildSignals(attributes));

    std::vector<char *> arguments;
    for (const auto &argument : argv)
        arguments.push_back(const_cast<char *>(argument.c_str()));
    arguments.push_back(nullptr);
    const int spawnError =
        ::posix_spawnp(&m_pid, arguments[0], &actions, &attributes, arguments.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(fds[1]); // otherwise the output never ends
    if (spawnError != 0) {
        ::close(fds[0]);
        m_pid = -1;
        return makeError(EngineError::Code::IoError, "cannot run '" + argv[0] + "'",
                         std::strerror(spawnError));
    }
    m_fd = fds[0];
    return ok();
}

std::optional<std::string> WatchedProcess::readLine(std::chrono::milliseconds wait)
{
    if (auto line = takeLine(false))
        return line;
    if (m_fd < 0)
        return takeLine(true);
    pollfd ready = {m_fd, POLLIN, 0};
    if (::poll(&ready, 1, static_cast<int>(wait.count())) <= 0)
        return std::nullopt; // nothing yet, or a signal (the caller asks again)
    char buffer[4096];
    const ssize_t got = ::read(m_fd, buffer, sizeof buffer);
    if (got > 0) {
        m_buffer.append(buffer, static_cast<std::size_t>(got));
        return takeLine(false);
    }
    if (got < 0 && errno == EINTR)
        return std::nullopt;
    closeOutput();
    return takeLine(true);
}

void WatchedProcess::sendSignal(int signal)
{
    if (m_pid > 0)
        ::kill(m_pid, signal);
}

int WatchedProcess::finish(std::chrono::milliseconds timeout)
{
    if (m_pid <= 0)
        return -1;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int status = 0;
    for (;;) {
        const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
        if (done == m_pid)
            break;
        if (done < 0 && errno != EINTR) { // reaped by someone else: its status is lost
            status = -1;
            break;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(m_pid, SIGKILL);
            while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    m_pid = -1;
    closeOutput();
    return exitCodeOf(status);
}

void WatchedProcess::closeOutput()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

std::optional<std::string> WatchedProcess::takeLine(bool atEnd)
{
    const std::size_t end = m_buffer.find('\n');
    if (end == std::string::npos) {
        if (!atEnd || m_buffer.empty())
            return std::nullopt;
        std::string last = std::move(m_buffer);
        m_buffer.clear();
        return last;
    }
    std::string line = m_buffer.substr(0, end);
    m_buffer.erase(0, end + 1);
    return line;
}

} // namespace tb
