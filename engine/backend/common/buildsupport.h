#pragma once

#include "model/configuration.h"
#include "model/parameter.h"

#include <chrono>
#include <string>
#include <vector>

namespace tb {

// What the backends' builders (the CPU compiler driver, NVRTC) share.

// Empty when `config` has one value per parameter; otherwise the build's error message.
std::string parameterCountMismatch(const std::vector<Parameter> &parameters,
                                   const Configuration &config);

// -D<name>=<value> for each parameter: how a kernel sees the configuration it is built for.
std::vector<std::string> parameterDefines(const std::vector<Parameter> &parameters,
                                          const Configuration &config);

// The compiler's first error with its file and line ("kern.c:2:3: error: ...", NVRTC's
// "kern.cu(7): error: ..."); without one, the first line with the word "error" (a ptxas or
// linker error), else the last non-empty line: what a result's message shows. The whole log
// stays in the build (show RUN --config KEY --log).
std::string firstErrorLine(const std::string &log);

double secondsSince(std::chrono::steady_clock::time_point start);

} // namespace tb
