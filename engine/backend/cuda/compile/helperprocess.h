#pragma once

#include "model/expected.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace tb {

// A helper program the compile side talks to in lines: one request line on its stdin, one
// answer line on its stdout (Triton's compiler, tritonhelper.h). Its stderr is the caller's, so
// what it logs lands in the worker's log. It runs in a process group of its own, so that
// killing it also kills what it started (ptxas). The channel is a socket pair, written with
// MSG_NOSIGNAL: a helper that died costs an error, never a SIGPIPE. Move-only.
class HelperProcess
{
public:
    // IoError when the program cannot be started (not found, not executable).
    static Expected<HelperProcess> start(const std::vector<std::string> &argv);

    HelperProcess(HelperProcess &&other) noexcept;
    HelperProcess &operator=(HelperProcess &&other) noexcept;
    HelperProcess(const HelperProcess &) = delete;
    HelperProcess &operator=(const HelperProcess &) = delete;
    // Closes its stdin (a well-behaved helper exits), then kills the group if it lingers.
    ~HelperProcess();

    // Sends `line` (without its newline) and waits up to `timeoutSeconds` for one line back.
    // IoError when the helper exited, closed its output or did not answer in time (then it is
    // killed); after any error the helper is gone and running() is false.
    Expected<std::string> exchange(const std::string &line, double timeoutSeconds);

    bool running() const { return m_pid > 0; }
    pid_t pid() const { return m_pid; }

private:
    HelperProcess(pid_t pid, int socket) : m_pid(pid), m_socket(socket) {}
    Status sendLine(const std::string &line);
    Expected<std::string> receiveLine(double timeoutSeconds);
    // Kills the helper's process group and reaps it; `why` becomes the error returned.
    EngineError stop(const std::string &why);
    void release();

    pid_t m_pid = -1;
    int m_socket = -1;
    std::string m_received; // bytes past the last full line
};

} // namespace tb
