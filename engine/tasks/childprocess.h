#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// One run of a helper program the workbench's tasks wait for: the host compiler, nvdisasm,
// objdump.
struct ChildProcessRequest
{
    std::vector<std::string> argv; // argv[0] is searched in PATH; no shell is involved
    // Stderr interleaved into `output` as a terminal shows them (a compiler's log); false keeps
    // it apart in `errors` (a listing on stdout, the tool's complaints on stderr).
    bool mergeErrors = true;
    // Past this the child is killed; none: it may take as long as it takes.
    std::optional<std::chrono::milliseconds> timeLimit;
};

// How the run ended, and what it wrote.
struct ChildProcessOutcome
{
    enum class End
    {
        Exited,     // it ended by itself: exitCode says how
        Crashed,    // a signal ended it (one this runner did not send)
        TimedOut,   // it ran past the time limit and was killed
        Cancelled,  // `cancelled` was set and it was killed
        NotStarted, // it could not be started: startError says why
    };
    End end = End::NotStarted;
    int exitCode = -1;      // Exited
    int signal = 0;         // Crashed
    std::string output;     // stdout (and stderr when merged), also of a killed child
    std::string errors;     // stderr when kept apart
    std::string startError; // NotStarted: the system's reason ("No such file or directory")
    double seconds = 0;     // from the start to the end or the kill
};

// Runs the request's program and waits for it, reading its output as it comes (a listing larger
// than a pipe's buffer would stall it otherwise). The child runs in a process group of its own
// with stdin from /dev/null and default signal handling: past the time limit, or when
// `cancelled` is set (looked at every 50 ms), the whole group is killed (a compiler driver's
// cc1, as and ld too) and the child reaped. Blocks: call it off a GUI thread.
ChildProcessOutcome runChildProcess(const ChildProcessRequest &request,
                                    const std::atomic<bool> &cancelled);

} // namespace tb
