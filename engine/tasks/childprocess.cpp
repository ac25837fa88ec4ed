#include "childprocess.h"

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

using Clock = std::chrono::steady_clock;

// How often a running child's time and `cancelled` are looked at: a cancel is felt at once,
// and a compile of seconds wakes the thread only some tens of times.
constexpr std::chrono::milliseconds kPollInterval{50};

// The pipes a child writes into: one when stderr joins stdout, two when it is kept apart. The
// read ends are non-blocking, so a grandchild that keeps a write end open cannot hold us up
// once the child is gone.
struct ChildPipes
{
    int output[2] = {-1, -1};
    int errors[2] = {-1, -1};

    ~ChildPipes()
    {
        for (int *pipe : {output, errors})
            for (int i = 0; i < 2; ++i)
                closeEnd(pipe[i]);
    }

    static void closeEnd(int &fd)
    {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }

    bool open(bool mergeErrors)
    {
        if (::pipe2(output, O_CLOEXEC) != 0)
            return false;
        if (!mergeErrors && ::pipe2(errors, O_CLOEXEC) != 0)
            return false;
        for (const int fd : {output[0], errors[0]})
            if (fd >= 0)
                ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        return true;
    }

    // Ours only once the child has its copies: otherwise the output never ends.
    void closeWriteEnds()
    {
        closeEnd(output[1]);
        closeEnd(errors[1]);
    }
};

// Appends what the pipe holds now; at its end (or on an error) closes it.
void readAvailable(int &fd, std::string &text)
{
    char buffer[65536];
    while (fd >= 0) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got > 0)
            text.append(buffer, static_cast<std::size_t>(got));
        else if (got < 0 && errno == EINTR)
            continue;
        else if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        else
            ChildPipes::closeEnd(fd);
    }
}

void readAvailable(ChildPipes &pipes, ChildProcessOutcome &outcome)
{
    readAvailable(pipes.output[0], outcome.output);
    readAvailable(pipes.errors[0], outcome.errors);
}

// Until output comes or `interval` has passed.
void waitForOutput(const ChildPipes &pipes, std::chrono::milliseconds interval)
{
    pollfd ready[2];
    nfds_t count = 0;
    for (const int fd : {pipes.output[0], pipes.errors[0]})
        if (fd >= 0)
            ready[count++] = {fd, POLLIN, 0};
    if (count == 0)
        std::this_thread::sleep_for(interval);
    else
        ::poll(ready, count, static_cast<int>(interval.count())); // a signal only ends it early
}

// posix_spawnp's error number; 0 when the child runs, in a process group of its own.
int spawn(const std::vector<std::string> &argv, const ChildPipes &pipes, pid_t &pid)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the child's stdout and stderr; the originals close at exec.
    const int errorsEnd = pipes.errors[1] >= 0 ? pipes.errors[1] : pipes.output[1];
    posix_spawn_file_actions_adddup2(&actions, pipes.output[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errorsEnd, STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    const short signalFlags = cleanChildSignals(attributes);
    posix_spawnattr_setpgroup(&attributes, 0); // a group of its own, named by its pid
    posix_spawnattr_setflags(&attributes, signalFlags | POSIX_SPAWN_SETPGROUP);

    std::vector<char *> arguments;
    for (const auto &argument : argv)
        arguments.push_back(const_cast<char *>(argument.c_str()));
    arguments.push_back(nullptr);
    const int error =
        ::posix_spawnp(&pid, arguments[0], &actions, &attributes, arguments.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return error;
}

// Kills the child and everything it started (they share its group), then reaps the child.
void killGroup(pid_t pid)
{
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL); // in case it left the group
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

void recordExit(int status, ChildProcessOutcome &outcome)
{
    if (WIFEXITED(status)) {
        outcome.end = ChildProcessOutcome::End::Exited;
        outcome.exitCode = WEXITSTATUS(status);
    } else {
        outcome.end = ChildProcessOutcome::End::Crashed;
        outcome.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
}

// Reads the child's output until it ends, the time limit passes or `cancelled` is set.
void watch(pid_t pid, const ChildProcessRequest &request, const std::atomic<bool> &cancelled,
           Clock::time_point start, ChildPipes &pipes, ChildProcessOutcome &outcome)
{
    using End = ChildProcessOutcome::End;
    for (;;) {
        waitForOutput(pipes, kPollInterval);
        readAvailable(pipes, outcome);
        int status = 0;
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            recordExit(status, outcome);
            break;
        }
        if (done < 0 && errno != EINTR) { // reaped elsewhere (SIGCHLD ignored): its end is lost
            outcome.end = End::Crashed;
            break;
        }
        const bool cancel = cancelled.load();
        if (cancel || (request.timeLimit && Clock::now() - start > *request.timeLimit)) {
            killGroup(pid);
            outcome.end = cancel ? End::Cancelled : End::TimedOut;
            break;
        }
    }
    readAvailable(pipes, outcome); // what it wrote last
}

} // namespace

ChildProcessOutcome runChildProcess(const ChildProcessRequest &request,
                                    const std::atomic<bool> &cancelled)
{
    ChildProcessOutcome outcome;
    if (request.argv.empty()) {
        outcome.startError = "no program to run";
        return outcome;
    }
    ChildPipes pipes;
    if (!pipes.open(request.mergeErrors)) {
        outcome.startError = std::strerror(errno);
        return outcome;
    }
    const Clock::time_point start = Clock::now();
    pid_t pid = -1;
    const int spawnError = spawn(request.argv, pipes, pid);
    pipes.closeWriteEnds();
    if (spawnError != 0) {
        outcome.startError = std::strerror(spawnError);
        return outcome;
    }
    watch(pid, request, cancelled, start, pipes, outcome);
    outcome.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return outcome;
}

} // namespace tb
