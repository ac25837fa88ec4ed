#pragma once

#include "supervisoroptions.h"

#include "model/expected.h"

#include <memory>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace tb {

class StreamParser;

// One child process with its three pipes, seen from the parent. Pipes are non-blocking on
// this side; every call returns at once. Not thread-safe: one thread drives all processes
// (and must block SIGPIPE, see flush()).
class WorkerProcess
{
public:
    // fork/exec with stdin/stdout/stderr on pipes. The child dies with the thread that spawned
    // it (PR_SET_PDEATHSIG), ignores SIGINT (Ctrl-C is for the supervisor) and inherits no
    // other fd. A local worker runs under a scope keeper (workerscope.h): whatever it starts
    // ends with it. An exec failure is reported here, not as a mysterious exit.
    static Expected<std::unique_ptr<WorkerProcess>> spawn(const WorkerLaunch &launch);

    // Kills and reaps the child if it is still there.
    ~WorkerProcess();
    WorkerProcess(const WorkerProcess &) = delete;
    WorkerProcess &operator=(const WorkerProcess &) = delete;

    pid_t pid() const { return m_pid; }       // the worker, not its keeper
    int stdinFd() const { return m_stdin; }   // -1 once closed
    int stdoutFd() const { return m_stdout; } // -1 at end of stream
    int stderrFd() const { return m_stderr; } // -1 at end of stream

    // Queues bytes for the child's stdin and writes what fits now.
    bool send(const std::string &bytes);
    bool wantsToWrite() const { return m_stdin >= 0 && !m_pending.empty(); }
    // Writes what fits; false when the child's stdin is broken (it closed it or died). The
    // calling thread must block SIGPIPE; a pending one is consumed here.
    bool flush();

    // Reads what is there into the parser; false at end of stream.
    bool readStdout(StreamParser &parser);
    // Reads what is there; appends complete lines (a very long line is cut into pieces, the
    // rest of a last line is flushed at end of stream); false at end of stream.
    bool readStderr(std::vector<std::string> &lines);

    // Kills the worker and, for a local one, everything it started, unless already reaped.
    void kill();
    // waitpid(); true once the child is reaped (then waitStatus() is valid: a keeper exits as
    // its worker did).
    bool reap(bool block);
    bool reaped() const { return m_reaped; }
    int waitStatus() const { return m_waitStatus; }

    // "exited with code 3", "was killed by signal 6 (SIGABRT)".
    static std::string describeExit(int waitStatus);

private:
    WorkerProcess() = default;
    void splitLines(std::string_view bytes, std::vector<std::string> &lines);

    pid_t m_pid = -1;   // the worker
    pid_t m_child = -1; // what was forked and is waited for: the worker, or its keeper
    int m_stdin = -1;
    int m_stdout = -1;
    int m_stderr = -1;
    std::string m_pending;       // bytes for stdin not written yet
    std::string m_stderrPartial; // stderr text after the last newline
    bool m_reaped = false;
    int m_waitStatus = 0;
};

} // namespace tb
