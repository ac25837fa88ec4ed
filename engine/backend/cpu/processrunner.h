#pragma once

#include "model/expected.h"

#include <string>
#include <vector>

namespace tb {

// What a finished child process left behind.
struct ProcessOutput
{
    int exitCode = -1;  // -1 when it died from a signal
    int signal = 0;     // the signal that ended it, 0 otherwise
    std::string output; // stdout and stderr interleaved, as a terminal would show them
};

// Runs argv[0] (searched in PATH) with posix_spawn, no shell involved, and waits for it. Fails
// with IoError only when the process cannot be started at all (program not found, no fork).
Expected<ProcessOutput> runProcess(const std::vector<std::string> &argv);

} // namespace tb
