#pragma once

#include "capturemanifest.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// How the captured application ended, as the launcher saw it.
struct ApplicationEnd
{
    std::optional<int> exitCode; // it exited by itself
    std::string signal;          // "SIGSEGV": a signal ended it
    std::string startError;      // it could not be started: the system's reason
};

// Completes the manifest the injection library left (or an empty one, when it never ran) with
// how the application ended, and says in `messages` what a user needs to know: a crash, a
// run without a GPU, no launch of a matching kernel (with the kernels that were launched). The
// capture is complete only when the injection saw the application leave normally with 0.
void recordApplicationEnd(CaptureManifest &manifest, const std::vector<std::string> &command,
                          const std::string &kernelPattern, const ApplicationEnd &end,
                          bool injectionRan);

} // namespace tb
