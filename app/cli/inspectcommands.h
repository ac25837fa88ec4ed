#pragma once

#include "clicontext.h"

#include <cstdint>
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
};

// `tunebench-cli show RUN`: a run's best configurations per problem size, every result, or one
// configuration's details.
int runShow(const CliContext &context, const ShowOptions &options);
// `tunebench-cli export RUN`: the best configuration per problem size (json) or every result (csv).
int runExport(const CliContext &context, std::int64_t runId, const std::string &format,
              const std::string &outputPath);

} // namespace tb
