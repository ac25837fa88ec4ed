// The scope keeper's side (workerscope.h): a fresh single-threaded process, so plain C++ is
// fine here.
#include "workerscope.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace tb::runner_detail {

namespace {

// A descendant stuck in the kernel (uninterruptible sleep) cannot be waited for forever.
constexpr auto kEndScopeLimit = std::chrono::seconds(10);
constexpr auto kEndScopePoll = std::chrono::milliseconds(5);
// An afterEnd command stuck in a driver call must not keep the keeper, and the supervisor
// waiting for it, forever.
constexpr auto kAfterEndLimit = std::chrono::seconds(30);

void writeReport(int fd, StartReport report)
{
    [[maybe_unused]] auto n = ::write(fd, &report, sizeof report);
}

sigset_t keeperSignals()
{
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGCHLD);
    sigaddset(&signals, SIGTERM); // the supervisor ends the worker, or its thread died
    sigaddset(&signals, SIGHUP);
    return signals;
}

// execve()'s argv over `words`, which must outlive it.
std::vector<char *> argvOf(std::vector<std::string> &words)
{
    std::vector<char *> argv;
    for (auto &word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    return argv;
}

// A fresh child's signal mask: the keeper blocks the signals it waits for.
void unblockAllSignals()
{
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// The worker: a process group of its own (so that kill(-pid) reaches its plain forks), dying
// with the keeper, the signal mask of any fresh child.
[[noreturn]] void execWorker(const std::string &executable, std::vector<char *> &argv,
                             int failureFd, pid_t keeper)
{
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != keeper)
        ::_exit(127);
    unblockAllSignals();
    ::execve(executable.c_str(), argv.data(), environ);
    const int error = errno;
    [[maybe_unused]] auto n = ::write(failureFd, &error, sizeof error);
    ::_exit(127);
}

// Starts the worker; its pid, or -errno.
pid_t startWorker(const std::string &executable, const std::vector<std::string> &arguments)
{
    std::vector<std::string> words = arguments;
    std::vector<char *> argv = argvOf(words);
    int failure[2];
    if (::pipe2(failure, O_CLOEXEC) != 0)
        return -errno;
    const pid_t keeper = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0)
        execWorker(executable, argv, failure[1], keeper);
    ::close(failure[1]);
    if (pid < 0) {
        const int error = errno;
        ::close(failure[0]);
        return -error;
    }
    int error = 0;
    ssize_t n;
    do {
        n = ::read(failure[0], &error, sizeof error); // EOF: exec succeeded
    } while (n < 0 && errno == EINTR);
    ::close(failure[0]);
    if (n > 0) {
        ::waitpid(pid, nullptr, 0);
        return -error;
    }
    return pid;
}

// The keeper's children (alive or not yet reaped), from each process's parent in /proc.
std::vector<pid_t> childrenOf(pid_t parent)
{
    std::vector<pid_t> children;
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator("/proc", error)) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line))
            continue; // gone meanwhile
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, the last ')' ends it.
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream fields(line.substr(close + 1));
        char state = 0;
        long ppid = 0;
        if (fields >> state >> ppid && ppid == parent)
            children.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return children;
}

// Kills the worker's group and every child the keeper has (orphans below it are re-parented
// to it), again until it has none: a child killed may have had children of its own.
void endScope(pid_t worker)
{
    const auto giveUp = std::chrono::steady_clock::now() + kEndScopeLimit;
    const pid_t self = ::getpid();
    while (std::chrono::steady_clock::now() < giveUp) {
        ::kill(-worker, SIGKILL);
        for (const pid_t child : childrenOf(self))
            ::kill(child, SIGKILL);
        pid_t reaped;
        while ((reaped = ::waitpid(-1, nullptr, WNOHANG)) > 0) {
        }
        if (reaped < 0 && errno == ECHILD)
            return; // no process below the keeper is left
        std::this_thread::sleep_for(kEndScopePoll);
    }
}

// Runs the worker's afterEnd command to its end, or for kAfterEndLimit at most. It is not tied
// to the keeper's life: what it puts back must be put back even if the keeper is killed.
void runAfterEnd(const std::vector<std::string> &command)
{
    if (command.empty() || command.front().empty())
        return;
    std::vector<std::string> words = command;
    std::vector<char *> argv = argvOf(words);
    const pid_t pid = ::fork();
    if (pid < 0)
        return;
    if (pid == 0) {
        unblockAllSignals();
        ::setsid();
        ::execve(argv.front(), argv.data(), environ);
        ::_exit(127);
    }
    const auto giveUp = std::chrono::steady_clock::now() + kAfterEndLimit;
    while (::waitpid(pid, nullptr, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= giveUp) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            return;
        }
        std::this_thread::sleep_for(kEndScopePoll);
    }
}

// Ends the keeper as the worker ended, so the supervisor reads the worker's exit in its own.
[[noreturn]] void exitAs(int waitStatus)
{
    if (WIFSIGNALED(waitStatus)) {
        const int signal = WTERMSIG(waitStatus);
        const rlimit noCore = {0, 0}; // the worker's core, if any, is the one that matters
        ::setrlimit(RLIMIT_CORE, &noCore);
        ::signal(signal, SIG_DFL);
        sigset_t only;
        sigemptyset(&only);
        sigaddset(&only, signal);
        ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
        ::kill(::getpid(), signal);
        ::_exit(128 + signal); // a signal whose default is not to terminate
    }
    ::_exit(WIFEXITED(waitStatus) ? WEXITSTATUS(waitStatus) : 127);
}

// Waits for the worker to end, reaping orphans as they die; SIGTERM or SIGHUP kills it.
int awaitWorker(pid_t worker)
{
    const sigset_t signals = keeperSignals();
    for (;;) {
        siginfo_t info;
        const int signal = ::sigwaitinfo(&signals, &info);
        if (signal == SIGTERM || signal == SIGHUP)
            ::kill(worker, SIGKILL);
        int status = 0;
        pid_t reaped;
        while ((reaped = ::waitpid(-1, &status, WNOHANG)) > 0) {
            if (reaped == worker)
                return status;
        }
    }
}

} // namespace

void runScopeKeeper(int reportFd, const std::string &executable,
                    const std::vector<std::string> &argv, const std::vector<std::string> &afterEnd)
{
    ::fcntl(reportFd, F_SETFD, FD_CLOEXEC); // not for the worker
    ::signal(SIGCHLD, SIG_DFL);             // an inherited SIG_IGN would reap the worker unseen
    const sigset_t signals = keeperSignals();
    ::sigprocmask(SIG_BLOCK, &signals, nullptr);
    // Without it (a kernel older than 3.4, a sandbox that refuses it) the worker's process
    // group is still ended: a worker that starts is worth more than a daemon caught.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    const pid_t worker = startWorker(executable, argv);
    if (worker < 0) {
        writeReport(reportFd, {-worker, 0});
        ::_exit(127);
    }
    writeReport(reportFd, {0, worker});
    ::close(reportFd);
    // The worker's pipes are its own: a keeper holding them would hide the worker's end.
    const int nothing = ::open("/dev/null", O_RDWR);
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
        ::dup2(nothing, fd);
    if (nothing > STDERR_FILENO)
        ::close(nothing);
    const int status = awaitWorker(worker);
    endScope(worker);
    runAfterEnd(afterEnd);
    exitAs(status);
}

} // namespace tb::runner_detail
