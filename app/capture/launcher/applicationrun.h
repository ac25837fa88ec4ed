#pragma once

#include "capture/captureending.h"

#include <map>
#include <string>
#include <vector>

namespace tb {

// Runs the application to capture in the foreground, unchanged: its own stdin, stdout and
// stderr, its own exit. Only the environment grows by `environment` (the injection library's
// path and settings). While it runs, Ctrl-C reaches the application and not this process, so
// the capture folder is finished however the application ends.
ApplicationEnd runApplication(const std::vector<std::string> &command,
                              const std::map<std::string, std::string> &environment);

// "SIGSEGV" for SIGSEGV, the number for a signal without a name.
std::string signalName(int signal);

} // namespace tb
