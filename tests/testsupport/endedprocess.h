#pragma once

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tbtest {

// The pid of a process that has ended and been reaped: no process has it now (a worker that
// was killed, for records it left behind).
inline pid_t endedPid()
{
    const pid_t pid = ::fork();
    if (pid == 0)
        ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return pid;
}

} // namespace tbtest
