#include "helperprocess.h"

#include "posix/spawnsignals.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

extern char **environ;

namespace tb {

namespace {

// A helper is asked to exit by closing its stdin; past this it is killed.
constexpr auto kExitGrace = std::chrono::milliseconds(500);

bool reapWithin(pid_t pid, std::chrono::milliseconds grace)
{
    const auto deadline = std::chrono::steady_clock::now() + grace;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR))
            return true;
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        ::usleep(5000);
    }
}

// How the helper ended, once it has (waiting up to `grace`); empty while it still runs.
std::string reapAndDescribe(pid_t pid, std::chrono::milliseconds grace)
{
    const auto deadline = std::chrono::steady_clock::now() + grace;
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid && WIFEXITED(status))
            return "the helper exited with status " + std::to_string(WEXITSTATUS(status));
        if (done == pid && WIFSIGNALED(status))
            return std::string("the helper died of ") + ::strsignal(WTERMSIG(status));
        if (done < 0 && errno != EINTR)
            return "the helper is gone";
        if (std::chrono::steady_clock::now() >= deadline)
            return {};
        ::usleep(5000);
    }
}

} // namespace

Expected<HelperProcess> HelperProcess::start(const std::vector<std::string> &argv)
{
    if (argv.empty())
        return makeError(EngineError::Code::InvalidArgument, "no helper program to run");
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return makeError(EngineError::Code::IoError, "cannot create the helper's channel",
                         std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pair[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pair[1], STDOUT_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setpgroup(&attributes, 0);
    // A clean signal start: the worker may block or ignore signals the helper needs.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | cleanChildSignals(attributes));

    std::vector<char *> arguments;
    for (const auto &argument : argv)
        arguments.push_back(const_cast<char *>(argument.c_str()));
    arguments.push_back(nullptr);
    pid_t pid = 0;
    const int spawnError =
        ::posix_spawnp(&pid, arguments[0], &actions, &attributes, arguments.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(pair[1]);
    if (spawnError != 0) {
        ::close(pair[0]);
        return makeError(EngineError::Code::IoError, "cannot start " + argv[0],
                         std::strerror(spawnError));
    }
    return HelperProcess(pid, pair[0]);
}

HelperProcess::HelperProcess(HelperProcess &&other) noexcept
    : m_pid(std::exchange(other.m_pid, -1)), m_socket(std::exchange(other.m_socket, -1)),
      m_received(std::move(other.m_received))
{}

HelperProcess &HelperProcess::operator=(HelperProcess &&other) noexcept
{
    if (this != &other) {
        release();
        m_pid = std::exchange(other.m_pid, -1);
        m_socket = std::exchange(other.m_socket, -1);
        m_received = std::move(other.m_received);
    }
    return *this;
}

HelperProcess::~HelperProcess()
{
    release();
}

void HelperProcess::release()
{
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = -1;
    if (m_pid > 0 && !reapWithin(m_pid, kExitGrace)) {
        ::kill(-m_pid, SIGKILL);
        reapWithin(m_pid, std::chrono::seconds(5));
    }
    m_pid = -1;
}

EngineError HelperProcess::stop(const std::string &why)
{
    if (m_pid > 0) {
        ::kill(-m_pid, SIGKILL);
        reapWithin(m_pid, std::chrono::seconds(5));
    }
    m_pid = -1;
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = -1;
    m_received.clear();
    return makeError(EngineError::Code::IoError, why);
}

Expected<std::string> HelperProcess::exchange(const std::string &line, double timeoutSeconds)
{
    if (!running())
        return makeError(EngineError::Code::IoError, "the helper is not running");
    if (Status sent = sendLine(line); !sent)
        return sent.error();
    return receiveLine(timeoutSeconds);
}

Status HelperProcess::sendLine(const std::string &line)
{
    const std::string framed = line + '\n';
    std::size_t done = 0;
    while (done < framed.size()) {
        const ssize_t wrote =
            ::send(m_socket, framed.data() + done, framed.size() - done, MSG_NOSIGNAL);
        if (wrote > 0)
            done += static_cast<std::size_t>(wrote);
        else if (wrote < 0 && errno == EINTR)
            continue;
        else
            return stop(std::string("the helper stopped reading requests (") +
                        std::strerror(errno) + ")");
    }
    return ok();
}

Expected<std::string> HelperProcess::receiveLine(double timeoutSeconds)
{
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutSeconds);
    for (;;) {
        if (const auto end = m_received.find('\n'); end != std::string::npos) {
            std::string line = m_received.substr(0, end);
            m_received.erase(0, end + 1);
            return line;
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return stop("the helper did not answer within " +
                        std::to_string(static_cast<int>(timeoutSeconds)) + " s; it was killed");
        pollfd watch{m_socket, POLLIN, 0};
        const int ready = ::poll(&watch, 1, static_cast<int>(std::min<long>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR)
            return stop(std::string("cannot wait for the helper: ") + std::strerror(errno));
        if (ready <= 0)
            continue;
        char buffer[65536];
        const ssize_t got = ::recv(m_socket, buffer, sizeof buffer, 0);
        if (got > 0)
            m_received.append(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || errno != EINTR) {
            std::string how = reapAndDescribe(m_pid, std::chrono::seconds(2));
            if (!how.empty())
                m_pid = -1; // reaped: stop() must not signal a pid that may be reused
            return stop(how.empty() ? "the helper closed its output" : how);
        }
    }
}

} // namespace tb
