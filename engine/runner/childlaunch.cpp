#include "childlaunch.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

namespace tb::runner_detail {

namespace {

bool isExecutableFile(const std::string &path)
{
    struct stat info = {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

// PATH lookup in the parent: execvp() may allocate, which a child of a threaded parent must not.
std::string resolveExecutable(const std::string &name, const std::string &searchPath)
{
    if (name.find('/') != std::string::npos)
        return name;
    std::size_t start = 0;
    while (start <= searchPath.size()) {
        std::size_t end = searchPath.find(':', start);
        if (end == std::string::npos)
            end = searchPath.size();
        const std::string directory = searchPath.substr(start, end - start);
        const std::string candidate = (directory.empty() ? "." : directory) + "/" + name;
        if (isExecutableFile(candidate))
            return candidate;
        start = end + 1;
    }
    return {};
}

std::string nameOf(const std::string &entry)
{
    return entry.substr(0, entry.find('='));
}

void closeInheritedFds(int keep)
{
    // close_range() needs Linux 5.9; the loop is the fallback, bounded by the fd limit.
    const bool closedLow = keep <= 3 || ::close_range(3, static_cast<unsigned>(keep - 1), 0) == 0;
    const bool closedHigh = ::close_range(static_cast<unsigned>(keep + 1), ~0u, 0) == 0;
    if (closedLow && closedHigh)
        return;
    struct rlimit limit = {};
    int maxFd = 65536;
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        limit.rlim_cur < 65536)
        maxFd = static_cast<int>(limit.rlim_cur);
    for (int fd = 3; fd < maxFd; ++fd) {
        if (fd != keep)
            ::close(fd);
    }
}

// errno on the exec pipe, for the parent's start error.
[[noreturn]] void reportFailure(int execPipe)
{
    const StartReport report{errno, 0};
    [[maybe_unused]] auto n = ::write(execPipe, &report, sizeof report);
    ::_exit(127);
}

} // namespace

Expected<ChildArguments> prepareChild(const WorkerLaunch &launch)
{
    if (launch.command.empty())
        return makeError(EngineError::Code::InvalidArgument, "the worker command is empty");
    ChildArguments arguments;
    arguments.argv = launch.command;
    for (char **entry = environ; entry && *entry; ++entry) {
        const std::string text = *entry;
        bool overridden = false;
        for (const auto &[name, value] : launch.environment)
            overridden = overridden || name == nameOf(text);
        if (!overridden)
            arguments.environment.push_back(text);
    }
    std::string searchPath = "/usr/local/bin:/usr/bin:/bin";
    if (const char *path = std::getenv("PATH"); path && *path)
        searchPath = path;
    for (const auto &[name, value] : launch.environment) {
        arguments.environment.push_back(name + "=" + value);
        if (name == "PATH")
            searchPath = value;
    }
    arguments.executable = resolveExecutable(launch.command.front(), searchPath);
    arguments.afterEnd = launch.afterEnd;
    if (!arguments.afterEnd.empty())
        arguments.afterEnd.front() = resolveExecutable(launch.afterEnd.front(), searchPath);
    if (arguments.executable.empty()) {
        return makeError(EngineError::Code::WorkerError,
                         "cannot start worker '" + commandText(launch.command) + "'",
                         "'" + launch.command.front() + "' is not an executable on PATH");
    }
    return arguments;
}

void pointToStrings(ChildArguments &arguments)
{
    arguments.argvPointers.clear();
    for (auto &text : arguments.argv)
        arguments.argvPointers.push_back(text.data());
    arguments.argvPointers.push_back(nullptr);
    arguments.environmentPointers.clear();
    for (auto &text : arguments.environment)
        arguments.environmentPointers.push_back(text.data());
    arguments.environmentPointers.push_back(nullptr);
}

void execChild(const ChildArguments &arguments, const ChildPipes &pipes, pid_t parent,
               bool startsKeeper)
{
    // Die with the supervisor, even when it is SIGKILLed; if it is already gone, stop here. A
    // keeper is asked to end, so that it ends its worker's scope first.
    ::prctl(PR_SET_PDEATHSIG, startsKeeper ? SIGTERM : SIGKILL);
    if (::getppid() != parent)
        ::_exit(127);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr); // the spawning thread blocks SIGPIPE
    ::signal(SIGPIPE, SIG_DFL);
    ::signal(SIGINT, SIG_IGN); // Ctrl-C reaches the supervisor only, which shuts workers down

    // The pipe fds are all >= 3 (0-2 are open in the parent), so these cannot clobber each other.
    if (::dup2(pipes.stdinPipe[0], STDIN_FILENO) < 0 ||
        ::dup2(pipes.stdoutPipe[1], STDOUT_FILENO) < 0 ||
        ::dup2(pipes.stderrPipe[1], STDERR_FILENO) < 0) {
        reportFailure(pipes.execPipe[1]);
    }
    closeInheritedFds(pipes.execPipe[1]);
    if (startsKeeper)
        ::fcntl(pipes.execPipe[1], F_SETFD, 0); // the keeper's report pipe
    ::execve(arguments.executable.c_str(), arguments.argvPointers.data(),
             arguments.environmentPointers.data());
    reportFailure(pipes.execPipe[1]);
}

std::string commandText(const std::vector<std::string> &command)
{
    std::string text;
    for (const auto &word : command) {
        if (!text.empty())
            text += ' ';
        text += word;
    }
    return text;
}

} // namespace tb::runner_detail
