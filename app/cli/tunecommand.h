#pragma once

#include "clicontext.h"
#include "launcheroptions.h"
#include "model/spec.h"
#include "run/sessionoptions.h"
#include "tasks/runsetup.h"

#include <atomic>
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
    bool allowChangedData = false;
    bool verbose = false;
    bool compileOnly = false; // cuda: compile every config, record resource usage, measure nothing
    std::string arch;         // cuda: compile target (default: the GPU's, else sm_90)
    std::size_t top = 5;
    LauncherOptions launch; // where the measuring workers run
};

// Ctrl-C and SIGTERM stop a run cleanly (results kept); a second one ends the process.
void installStopHandlers();
// Set once a stop was asked for; SessionOptions::stopRequested points here.
const std::atomic<bool> *stopFlag();

// prepareRun() (tasks/runsetup.h), its refusal printed in the CLI's words: a CUDA spec this
// machine cannot run names `what` (the spec or export); exitCode is kUsage for a launcher
// request wrong as asked, else kFailure.
std::optional<RunSetup> prepareRunOrSay(const Spec &spec, const RunChoices &request,
                                        const std::string &what, int &exitCode);

// `tunebench-cli tune`: runs a spec, prints progress and the best configurations.
int runTune(const CliContext &context, const TuneOptions &options);

// `tunebench-cli validate`: checks a spec and prints the size of its search space.
int runValidate(const std::string &specPath);

} // namespace tb
