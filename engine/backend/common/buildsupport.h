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

// The first diagnostic that says "error" (a compiler's "file:line: error: ...", a ptxas error),
// or the last non-empty line: what a result's message shows; the whole log stays in the build.
std::string firstErrorLine(const std::string &log);

double secondsSince(std::chrono::steady_clock::time_point start);

} // namespace tb
