#include "tunecommand.h"

#include "consolereporter.h"
#include "constraintprogress.h"
#include "exitcodes.h"
#include "pipeline/compileworkers.h"
#include "resultsreport.h"
#include "run/session.h"
#include "space/searchspace.h"
#include "spec/specloader.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace tb {

namespace {

std::atomic<bool> g_stopRequested{false};

// First Ctrl-C: stop cleanly (workers shut down, results kept). Second: the default action.
void onStopSignal(int signal)
{
    g_stopRequested.store(true);
    std::signal(signal, SIG_DFL);
}

} // namespace

void installStopHandlers()
{
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool> *stopFlag()
{
    return &g_stopRequested;
}

namespace {

Expected<Spec> loadSpec(const std::string &path)
{
    SpecLoader loader;
    return loader.loadFile(path);
}

void printSpecError(const std::string &path, const EngineError &error)
{
    std::fprintf(stderr, "error: %s: %s\n", path.c_str(), error.message.c_str());
    if (!error.detail.empty())
        std::fprintf(stderr, "%s\n", error.detail.c_str());
}

// A run refused because another process tunes it is its own exit code: a script waits and
// tries again, which it should not do for a broken engine (1).
int exitCodeOfFailedRun(const EngineError &error)
{
    switch (error.code) {
    case EngineError::Code::InvalidSpec:
    case EngineError::Code::InvalidArgument:
        return exitcode::kInvalidInput;
    case EngineError::Code::Busy:
        return exitcode::kBusy;
    default:
        return exitcode::kFailure;
    }
}

// A run's request from the command line; the CUDA plan names the architecture's source
// "--arch".
RunChoices runChoices(const CliContext &context, const TuneOptions &options)
{
    RunChoices request;
    request.workspacePath = context.workspacePath;
    request.workerPath = context.workerPath;
    request.workers = options.workers;
    request.strategy = options.strategy;
    request.maxConfigs = options.maxConfigs;
    request.maxSeconds = options.maxSeconds;
    request.fresh = options.fresh;
    request.allowChangedData = options.allowChangedData;
    request.compileOnly = options.compileOnly;
    request.arch = options.arch;
    request.archChosenBy = "--arch";
    request.launch = launcherRequest(options.launch);
    request.toolVersion = context.toolVersion;
    request.stopRequested = &g_stopRequested;
    return request;
}

} // namespace

std::optional<RunSetup> prepareRunOrSay(const Spec &spec, const RunChoices &request,
                                        const std::string &what, int &exitCode)
{
    auto setup = prepareRun(spec, request);
    if (setup)
        return std::move(setup.value());
    const EngineError &error = setup.error();
    // A CUDA spec this machine cannot run names the spec; a launcher refusal names the option.
    if (error.code == EngineError::Code::NoDevice)
        std::fprintf(stderr, "error: %s: %s\n", what.c_str(), error.message.c_str());
    else
        std::fprintf(stderr, "error: %s\n", error.message.c_str());
    // A launcher request wrong as asked is a usage error; a machine that cannot run it is not.
    exitCode =
        error.code == EngineError::Code::InvalidArgument ? exitcode::kUsage : exitcode::kFailure;
    return std::nullopt;
}

int runTune(const CliContext &context, const TuneOptions &options)
{
    auto spec = loadSpec(options.specPath);
    if (!spec) {
        printSpecError(options.specPath, spec.error());
        return exitcode::kInvalidInput;
    }
    // A workspace that is not one (or cannot be opened) is bad input, said before any work.
    if (auto workspace = Store::open(context.workspacePath); !workspace) {
        std::fprintf(stderr, "error: %s\n", workspace.error().toString().c_str());
        return exitcode::kInvalidInput;
    }
    installStopHandlers();
    int exitCode = exitcode::kFailure;
    auto setup = prepareRunOrSay(*spec, runChoices(context, options), options.specPath, exitCode);
    if (!setup)
        return exitCode;
    const SessionOptions &sessionOptions = setup->options;
    if (!setup->cudaAnnouncement.empty())
        std::printf("%s\n", setup->cudaAnnouncement.c_str());
    if (!setup->launcherAnnouncement.empty())
        std::printf("%s\n", setup->launcherAnnouncement.c_str());

    // The count the session will start, said before it starts them.
    const std::size_t benchWorkers =
        spec->backend == BackendKind::Cuda
            ? std::max<std::size_t>(
                  {1, sessionOptions.gpus.size(), sessionOptions.benchLaunchers.size()})
            : 1;
    // Built where measured: no compile worker starts here.
    const int compileWorkers = sessionOptions.compileWhereMeasured
                                   ? 0
                                   : resolveCompileWorkers(sessionOptions.workers, benchWorkers);
    std::printf("Tuning %s (%s backend) into %s with %d worker(s)\n", spec->name.c_str(),
                toString(spec->backend), context.workspacePath.c_str(), compileWorkers);
    ConsoleReporter reporter(stdout, isatty(STDOUT_FILENO) != 0, options.verbose);
    Session session(*spec, sessionOptions, reporter);
    auto summary = session.run();
    if (!summary && g_stopRequested.load()) // e.g. while waiting for a Slurm allocation
        return exitcode::kInterrupted;
    if (!summary)
        return exitCodeOfFailedRun(summary.error());
    auto store = Store::open(context.workspacePath);
    if (store) {
        auto results = store->results().ofRun(summary->runId);
        auto rounds = store->rounds().ofRun(summary->runId);
        if (results && rounds)
            std::printf("%s", renderTopResults(*spec, *results, options.top, *rounds).c_str());
    }
    if (g_stopRequested.load())
        return exitcode::kInterrupted;
    if (!summary->sizeFailures.empty())
        return exitcode::kSizeNotTuned;
    return summary->ok > 0 ? exitcode::kSuccess : exitcode::kNoResult;
}

int runValidate(const std::string &specPath)
{
    auto spec = loadSpec(specPath);
    if (!spec) {
        printSpecError(specPath, spec.error());
        return exitcode::kInvalidInput;
    }
    std::printf("%s: valid spec '%s' (%s backend, %zu parameters, %zu problem sizes)\n",
                specPath.c_str(), spec->name.c_str(), toString(spec->backend),
                spec->parameters.size(), spec->sizes.values.size());
    for (std::size_t i = 0; i < spec->sizes.values.size(); ++i) {
        ConstraintProgress progress(std::to_string(i + 1));
        auto space = SearchSpace::build(*spec, i, [&progress](double done) { progress(done); });
        progress.finish();
        if (!space) {
            printSpecError(specPath, space.error());
            return exitcode::kInvalidInput;
        }
        std::printf("  problem size %zu: %llu configurations, %llu valid, %llu rejected\n", i + 1,
                    static_cast<unsigned long long>(space->totalCount()),
                    static_cast<unsigned long long>(space->validCount()),
                    static_cast<unsigned long long>(space->rejectedCount()));
    }
    return exitcode::kSuccess;
}

} // namespace tb
