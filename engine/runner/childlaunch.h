#pragma once

// Private to tb_runner: what a child needs between fork() and exec(), prepared beforehand so
// that the child only makes async-signal-safe calls (the supervisor is multi-threaded).

#include "supervisoroptions.h"

#include "model/expected.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace tb::runner_detail {

struct ChildArguments
{
    std::string executable; // resolved against PATH
    std::vector<std::string> argv;
    std::vector<std::string> environment; // "NAME=value"
    std::vector<std::string> afterEnd;    // WorkerLaunch::afterEnd, its program resolved
    std::vector<char *> argvPointers;
    std::vector<char *> environmentPointers;
};

Expected<ChildArguments> prepareChild(const WorkerLaunch &launch);

// Fills the pointer arrays for execve(); call once the arguments sit where they will stay
// (moving a std::string may move its characters).
void pointToStrings(ChildArguments &arguments);

// The pipes of a child, each as {read end, write end}.
struct ChildPipes
{
    int stdinPipe[2] = {-1, -1};
    int stdoutPipe[2] = {-1, -1};
    int stderrPipe[2] = {-1, -1};
    int execPipe[2] = {-1, -1}; // close-on-exec: the StartReport below comes back here
};

// What comes back on the exec pipe: nothing (end of file) when the worker was exec'd directly
// and started; else the errno of what failed, or from a scope keeper (workerscope.h) the pid
// of the worker it started.
struct StartReport
{
    int error = 0;
    int workerPid = 0;
};

// In the child, after fork(): wire the pipes to 0/1/2, set up signals, close every other fd
// and exec. With `startsKeeper`, the program is a scope keeper: it reports on the exec pipe
// (kept open across exec) and is told to end by SIGTERM, also when the spawning thread ends.
// Never returns.
[[noreturn]] void execChild(const ChildArguments &arguments, const ChildPipes &pipes, pid_t parent,
                            bool startsKeeper);

// "a b c" for messages.
std::string commandText(const std::vector<std::string> &command);

} // namespace tb::runner_detail
