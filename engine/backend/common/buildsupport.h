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
// A parameter whose name the source declares as a template parameter (template <int BM> with
// entry "gemm<BM>") reaches the kernel as a template argument instead, and its macro is named
// kTemplateParameterMacroPrefix + name, so that it does not rewrite the declaration. GPU
// settings (gpu_clock_mhz, power_limit_w) are the bench worker's and get no define.
std::vector<std::string> parameterDefines(const std::vector<Parameter> &parameters,
                                          const Configuration &config, const std::string &source);

inline constexpr const char *kTemplateParameterMacroPrefix = "TB_PARAM_";

// The kernel entry with each parameter name (whole word) replaced by its value: the
// instantiation a configuration builds ("gemm<BM, BN>" -> "gemm<64, 32>"; NVRTC gets it as the
// name expression). A plain function name comes back as it is.
std::string entryInstantiation(const std::string &entry, const std::vector<Parameter> &parameters,
                               const Configuration &config);

// For a failed build: a note naming each parameter whose -D<name> macro rewrote a name that the
// source declares (a variable, constant or type called like the parameter), with its line;
// empty when there is none.
std::string defineCollisionNote(const std::vector<Parameter> &parameters,
                                const Configuration &config, const std::string &source);
// A failed build's message with that note after it, in parentheses, when there is one: what
// both builders report.
std::string withDefineCollisionNote(std::string message, const std::vector<Parameter> &parameters,
                                    const Configuration &config, const std::string &source);

// The compiler's first error with its file and line ("kern.c:2:3: error: ...", NVRTC's
// "kern.cu(7): error: ..."); without one, the first line with the word "error" (a ptxas or
// linker error), else the last non-empty line: what a result's message shows. The whole log
// stays in the build (show RUN --config KEY --log).
std::string firstErrorLine(const std::string &log);

double secondsSince(std::chrono::steady_clock::time_point start);

} // namespace tb
