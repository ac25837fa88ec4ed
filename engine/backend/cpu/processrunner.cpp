#include "processrunner.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace tb {

namespace {

// Closes a descriptor once, whatever path leaves the function.
class FileDescriptor
{
public:
    explicit FileDescriptor(int fd = -1) : m_fd(fd) {}
    ~FileDescriptor() { reset(); }
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;

    int get() const { return m_fd; }
    void reset()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

private:
    int m_fd;
};

std::string readAll(int fd)
{
    std::string text;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got > 0)
            text.append(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || errno != EINTR)
            break;
    }
    return text;
}

} // namespace

Expected<ProcessOutput> runProcess(const std::vector<std::string> &argv)
{
    if (argv.empty())
        return makeError(EngineError::Code::InvalidArgument, "no program to run");

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return makeError(EngineError::Code::IoError, "cannot create a pipe", std::strerror(errno));
    FileDescriptor readEnd(fds[0]);
    FileDescriptor writeEnd(fds[1]);

    // dup2 clears close-on-exec on the child's stdout/stderr; the originals close at exec.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, writeEnd.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, writeEnd.get(), STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);

    std::vector<char *> arguments;
    for (const auto &argument : argv)
        arguments.push_back(const_cast<char *>(argument.c_str()));
    arguments.push_back(nullptr);

    pid_t pid = 0;
    const int spawnError =
        ::posix_spawnp(&pid, arguments[0], &actions, nullptr, arguments.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    writeEnd.reset(); // otherwise read() never sees end-of-file
    if (spawnError != 0)
        return makeError(EngineError::Code::IoError, "cannot run '" + argv[0] + "'",
                         std::strerror(spawnError));

    ProcessOutput result;
    result.output = readAll(readEnd.get());
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return makeError(EngineError::Code::IoError, "cannot wait for '" + argv[0] + "'",
                             std::strerror(errno));
    }
    if (WIFEXITED(status)) {
        result.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    return result;
}

} // namespace tb
