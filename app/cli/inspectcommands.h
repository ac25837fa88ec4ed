#pragma once

#include "clicontext.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// `tunebench-cli runs`: the runs stored in the workspace, newest first.
int runRuns(const CliContext &context);
struct ShowOptions
{
    std::int64_t runId = 0;
    std::size_t top = 10;
    bool all = false;
    std::string configKey; // one configuration's details instead of the table
    bool log = false;      // with configKey: the compiler's whole log too
    bool pareto = false;   // the time-energy front instead of the table
};

// `tunebench-cli show RUN`: a run's best configurations per problem size, every result, or one
// configuration's details.
int runShow(const CliContext &context, const ShowOptions &options);
struct ExportOptions
{
    std::int64_t runId = 0;
    std::string format = "json"; // json | csv | kerneltuner | t4 | cpp | kernelset | triton
    std::string outputPath;      // empty or "-": standard output
    // kerneltuner: the problem size to write (a cache file holds one); unset: the first, with a
    // note when the run has several.
    std::optional<std::size_t> sizeIndex;
    std::string deviceName; // kerneltuner: device_name instead of the one the run records
    // The device model whose results are exported, for a run measured on several (every format).
    std::string deviceModel;
    // cpp: dispatch over a kernel set within this many per cent of each size's best instead of
    // every size's own best; kernelset: the tolerance (default kDefaultMaxSlowdownPct,
    // export/kernelset.h).
    std::optional<double> maxSlowdownPct;
    // kernelset, cpp with --max-slowdown: measure the unmeasured pairs that could make the set
    // smaller first, storing them in the run (tasks/missingpairs.h).
    bool measureMissing = false;
    int workers = 0; // with measureMissing: compile workers, as for tune
};

// `tunebench-cli export RUN`: the best configuration per problem size (json, or cpp: a C++
// header with a function choosing for any size), every result (csv), or one problem size's
// results as a Kernel Tuner cache file (kerneltuner), or the fewest configurations that run
// every size within a tolerance of its best (kernelset; cpp with --max-slowdown).
int runExport(const CliContext &context, const ExportOptions &options);

} // namespace tb
