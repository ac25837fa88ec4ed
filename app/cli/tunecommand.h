#pragma once

#include "clicontext.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tb {

struct TuneOptions
{
    std::string specPath;
    std::optional<std::string> strategy;
    std::optional<std::int64_t> maxConfigs;
    std::optional<double> maxSeconds;
    int workers = 0; // 0: defaultCompileWorkers() for the run's GPUs
    bool fresh = false;
    bool verbose = false;
    bool compileOnly = false; // cuda: compile every config, record resource usage, measure nothing
    std::string arch;         // cuda: compile target (default: the GPU's, else sm_90)
    std::size_t top = 5;
};

// `tunebench-cli tune`: runs a spec, prints progress and the best configurations.
int runTune(const CliContext &context, const TuneOptions &options);

// `tunebench-cli validate`: checks a spec and prints the size of its search space.
int runValidate(const std::string &specPath);

} // namespace tb
