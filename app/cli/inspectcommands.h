#pragma once

#include "clicontext.h"

#include <cstdint>
#include <string>

namespace tb {

// `tunebench-cli runs`: the runs stored in the workspace, newest first.
int runRuns(const CliContext &context);
// `tunebench-cli show RUN`: a run's best configurations per problem size, or every result.
int runShow(const CliContext &context, std::int64_t runId, std::size_t top, bool all);
// `tunebench-cli export RUN`: the best configuration per problem size (json) or every result (csv).
int runExport(const CliContext &context, std::int64_t runId, const std::string &format,
              const std::string &outputPath);

} // namespace tb
