#pragma once

#include "clicontext.h"
#include "replaycommand.h"
#include "tunecommand.h"

#include <CLI/CLI.hpp>

#include <string>

namespace tb {

// "brute_force, random, coordinate_descent, ..." for help texts.
std::string strategyList();

// The options of `tune` that only a replay takes (--replay FILE and the search's settings).
void addReplayOptions(CLI::App &tune, ReplayOptions &replay);

// `tune`: a replay when --replay was given, else a real run of the spec; refuses a command
// line that mixes the two or has neither.
int runTuneOrReplay(const CLI::App &tune, const CliContext &context, const TuneOptions &options,
                    ReplayOptions &replay);

} // namespace tb
