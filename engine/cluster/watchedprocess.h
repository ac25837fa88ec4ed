#pragma once

#include "model/expected.h"

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tb {

// A short-lived helper program (salloc, scancel) run as argv, never through a shell, its
// stdout and stderr read together line by line without blocking the caller for longer than
// it asks: salloc may wait hours for resources, and a stop request must still be heard.
// The child gets stdin from /dev/null and default signal handling (whatever the calling
// thread blocks or ignores). A child still running when this ends is killed and reaped.
class WatchedProcess
{
public:
    WatchedProcess() = default;
    ~WatchedProcess();
    WatchedProcess(const WatchedProcess &) = delete;
    WatchedProcess &operator=(const WatchedProcess &) = delete;

    // Fails (IoError) when the program cannot be started at all.
    Status start(const std::vector<std::string> &argv);

    // The next whole line within `wait`, without its newline; nullopt when none came in time
    // or the output has ended (outputEnded()). A last line without a newline comes at the end.
    std::optional<std::string> readLine(std::chrono::milliseconds wait);
    bool outputEnded() const { return m_fd < 0 && m_buffer.empty(); }

    void sendSignal(int signal);

    // Waits up to `timeout` for the exit, then SIGKILLs: the exit code, or 128 + the signal.
    int finish(std::chrono::milliseconds timeout);

private:
    void closeOutput();
    std::optional<std::string> takeLine(bool atEnd);

    pid_t m_pid = -1;
    int m_fd = -1;
    std::string m_buffer;
};

} // namespace tb
