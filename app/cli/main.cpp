// tunebench-cli: the headless face of the engine. Wiring only: every command lives in its own
// file, the engine does the work.
#include "captureskeletoncommand.h"
#include "clicontext.h"
#include "comparecommand.h"
#include "exitcodes.h"
#include "importcommand.h"
#include "inspectcommands.h"
#include "newspeccommand.h"
#include "optionchecks.h"
#include "replayoptions.h"
#include "search/searchstrategy.h"
#include "tasks/workerlocation.h"
#include "tunecommand.h"
#include "verifycommand.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#ifndef TUNEBENCH_VERSION
#define TUNEBENCH_VERSION "0.0.0"
#endif

namespace {

constexpr const char *kExitCodes = R"(Exit codes:
  0    success (configurations that failed are results, not errors)
  1    the engine failed (store, workers, I/O)
  2    bad command line
  3    invalid input: spec, workspace, run id, a file to import or a capture folder
  4    the run ended but no configuration succeeded (every one failed to build, say)
  5    a problem size was not tuned: its reference configuration failed
  6    verify: a shipped configuration is slower, failed, or the environment changed
  7    verify: inconclusive, slower beyond the threshold but within the uncertainty, or on a busy machine
  8    busy: another process is tuning that run (tune, export --measure-missing)
  130  interrupted (Ctrl-C or SIGTERM); everything measured so far is kept)";

} // namespace

int main(int argc, char **argv)
{
    // A line per result reaches a log (`tune ... | tee`, `tail -f`) as it is printed, not when
    // a block fills or the run ends.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    tb::CliContext context;
    context.toolVersion = TUNEBENCH_VERSION;
    context.workerPath = tb::defaultWorkerPath();

    CLI::App app{"Tunebench: tune GPU and CPU kernels over a grid of configurations."};
    app.footer(kExitCodes);
    app.set_version_flag("--version", std::string("tunebench-cli ") + TUNEBENCH_VERSION);
    app.require_subcommand(1);
    app.add_option("-w,--workspace", context.workspacePath,
                   "Workspace file (SQLite) that stores runs and results")
        ->capture_default_str();
    app.add_option("--worker", context.workerPath, "Path of tunebench-worker")
        ->capture_default_str();

    tb::TuneOptions tune;
    auto *tuneCommand = app.add_subcommand("tune", "Run a tuning spec and store every result");
    tuneCommand->add_option("spec", tune.specPath,
                            "Spec file (JSON); with --replay, its search settings apply");
    tuneCommand
        ->add_option("--strategy", tune.strategy,
                     "Search strategy (default: the spec's; a replay without a spec: auto, "
                     "which picks per space): " +
                         tb::strategyList())
        ->check(CLI::IsMember(tb::strategyNames()));
    tuneCommand
        ->add_option("--max-configs", tune.maxConfigs, "At most N configurations per problem size")
        ->check(tb::wholeNumberAtLeast(1));
    tuneCommand
        ->add_option("--max-seconds", tune.maxSeconds,
                     "Stop starting configurations after S seconds")
        ->check(tb::positiveSeconds());
    tuneCommand
        ->add_option(
            "--workers", tune.workers,
            "Build (compile) worker processes; default 8 per GPU (CPU kernels: 8), at least 16, "
            "at most one per core. One more worker measures on each GPU (on the CPU)")
        ->check(tb::wholeNumberAtLeast(1));
    tuneCommand->add_flag("--fresh", tune.fresh,
                          "Start a new run instead of resuming the last one");
    tuneCommand->add_flag("--allow-changed-data", tune.allowChangedData,
                          "Resume the last run although a data file (init.file) changed since");
    tuneCommand->add_flag("-v,--verbose", tune.verbose, "Print every result and the workers' logs");
    tuneCommand->add_flag("--compile-only", tune.compileOnly,
                          "CUDA: compile every configuration and record its resource usage "
                          "(registers, spills, occupancy) without measuring; needs no GPU");
    tuneCommand->add_option("--arch", tune.arch,
                            "CUDA: compile for this architecture, e.g. sm_90 (default: the GPU's)");
    tuneCommand->add_option("--top", tune.top, "Rows of the final table per problem size")
        ->check(tb::wholeNumberAtLeast(0))
        ->capture_default_str();

    tb::addLauncherOptions(*tuneCommand, tune.launch);

    tb::ReplayOptions replay;
    tb::addReplayOptions(*tuneCommand, replay);

    std::string validateSpec;
    auto *validateCommand =
        app.add_subcommand("validate", "Check a spec and size its search space");
    validateCommand->add_option("spec", validateSpec, "Spec file (JSON)")->required();

    tb::NewSpecOptions newSpec;
    auto *newSpecCommand = app.add_subcommand(
        "new-spec", "Write a starting spec for a Triton kernel, its @triton.autotune "
                    "configurations as the grid");
    newSpecCommand
        ->add_option("kernel", newSpec.kernelPath, "Python file with a @triton.jit function")
        ->required();
    newSpecCommand->add_option("--entry", newSpec.entry,
                               "The @triton.jit function (default: the file's only one)");
    newSpecCommand->add_option("-o,--output", newSpec.outputPath,
                               "Spec file to write (default: the kernel's name with .json)");
    newSpecCommand->add_flag("--force", newSpec.force, "Overwrite the spec file if it exists");

    tb::CaptureSkeletonCommandOptions captureSkeleton;
    auto *captureSkeletonCommand = app.add_subcommand(
        "capture-skeleton",
        "Write the spec skeleton of a tunebench-capture folder as DIR/spec.json");
    captureSkeletonCommand
        ->add_option("directory", captureSkeleton.directory,
                     "Capture folder (its capture.json and .npy files)")
        ->required();
    captureSkeletonCommand
        ->add_option("--launch", captureSkeleton.launch,
                     "The recorded launch K to start from, 0 first (default: 0)")
        ->check(tb::wholeNumberAtLeast(0));
    captureSkeletonCommand->add_flag("--force", captureSkeleton.force,
                                     "Overwrite DIR/spec.json if it exists");

    app.add_subcommand("runs", "List the runs in the workspace");

    tb::ShowOptions show;
    auto *showCommand = app.add_subcommand("show", "Show a run's best configurations");
    showCommand->add_option("run", show.runId, "Run id (see `runs`)")->required();
    showCommand->add_option("--top", show.top, "Rows per problem size")
        ->check(tb::wholeNumberAtLeast(0))
        ->capture_default_str();
    auto *allFlag = showCommand->add_flag("--all", show.all, "Every result, failures included");
    auto *configOption =
        showCommand
            ->add_option("--config", show.configKey,
                         "One configuration's details, by its key (e.g. BM=64,BN=32)")
            ->excludes(allFlag);
    showCommand->add_flag("--log", show.log, "With --config: the compiler's whole log as well")
        ->needs(configOption);
    showCommand
        ->add_flag("--pareto", show.pareto,
                   "Each problem size's time-energy front: the results no other one beats on "
                   "both time and energy (a run with energy figures)")
        ->excludes(allFlag)
        ->excludes(configOption);

    tb::ExportOptions exportOptions;
    auto *exportCommand = app.add_subcommand("export", "Export a run's best configurations");
    exportCommand->add_option("run", exportOptions.runId, "Run id (see `runs`)")->required();
    exportCommand
        ->add_option("--format", exportOptions.format,
                     "json (best per problem size), csv (every result), kerneltuner (a Kernel "
                     "Tuner cache file of one problem size, for its simulation mode), t4 (a T4 "
                     "auto-tuning results file of one problem size), cpp (a "
                     "C++17 header: best per problem size and a function choosing for any size), "
                     "kernelset (JSON: the fewest configurations running every size within "
                     "--max-slowdown of its best) or triton (a Triton kernel's best per problem "
                     "size as a triton.Config list for @triton.autotune)")
        ->check(CLI::IsMember({"json", "csv", "kerneltuner", "t4", "cpp", "kernelset", "triton"}))
        ->capture_default_str();
    exportCommand
        ->add_option("--size", exportOptions.sizeIndex,
                     "kerneltuner and t4: the problem size to write, by index (default 0)")
        ->check(tb::wholeNumberAtLeast(0));
    exportCommand->add_option("--device-name", exportOptions.deviceName,
                              "kerneltuner and t4: the device_name to write (default: the GPU the "
                              "results name, else the run's backend and host)");
    exportCommand->add_option("--device-model", exportOptions.deviceModel,
                              "A run measured on several device models: export this model's "
                              "results (as `show` names it; a run over mixed nodes needs it)");
    exportCommand
        ->add_option("--max-slowdown", exportOptions.maxSlowdownPct,
                     "kernelset (default 2) and cpp: the fewest configurations such that every "
                     "problem size runs within PCT per cent of its own best")
        ->check(tb::percentage());
    auto *measureMissingFlag = exportCommand->add_flag(
        "--measure-missing", exportOptions.measureMissing,
        "kernelset and cpp --max-slowdown: first measure the unmeasured (configuration, size) "
        "pairs that could make the set smaller, storing them in the run");
    exportCommand
        ->add_option("--workers", exportOptions.workers,
                     "With --measure-missing: build (compile) worker processes, as for tune")
        ->check(tb::wholeNumberAtLeast(0))
        ->needs(measureMissingFlag);
    exportCommand->add_option("-o,--output", exportOptions.outputPath,
                              "Output file (default: standard output)");

    tb::VerifyOptions verify;
    auto *verifyCommand = app.add_subcommand(
        "verify", "Measure an export's configurations again on this machine and compare");
    verifyCommand->add_option("export", verify.exportPath, "A JSON export (export --format json)")
        ->required()
        ->check(CLI::ExistingFile);
    verifyCommand
        ->add_option("--threshold", verify.thresholdPercent,
                     "Fail when a configuration is slower than exported by more than PCT per cent "
                     "and beyond both medians' uncertainty")
        ->check(tb::nonNegativePercentage())
        ->capture_default_str();
    verifyCommand
        ->add_option("--on-env-change", verify.onEnvChange,
                     "When the device or Tunebench version differs from the export's: warn or fail")
        ->check(CLI::IsMember({"warn", "fail"}))
        ->capture_default_str();
    verifyCommand->add_option(
        "--keep-workspace", verify.keepWorkspace,
        "Keep the measuring run in this workspace (default: a temporary one)");
    verifyCommand
        ->add_option("--workers", verify.workers, "Build (compile) worker processes, as for tune")
        ->check(tb::wholeNumberAtLeast(1));

    tb::CompareOptions compare;
    auto *compareCommand = app.add_subcommand(
        "compare", "Compare two runs: each configuration's median in both, and the change");
    compareCommand->add_option("run_a", compare.runA, "Baseline run id (see `runs`)")->required();
    compareCommand->add_option("run_b", compare.runB, "Run id compared with it")->required();
    compareCommand
        ->add_option("--top", compare.top,
                     "Rows per problem size, in run A's ranking (0: the summaries only)")
        ->check(tb::wholeNumberAtLeast(0))
        ->capture_default_str();
    compareCommand
        ->add_option(
            "--threshold", compare.thresholdPercent,
            "Flag (!) and count changes beyond both the medians' uncertainty and this many percent")
        ->check(tb::percentage())
        ->capture_default_str();
    compareCommand->add_flag("--cross-device", compare.crossDevice,
                             "Each size's winner in each run and its cost in the other, even "
                             "where both runs name the same device (two drivers, two dates)");

    tb::ImportOptions importOptions;
    auto *importCommand = app.add_subcommand(
        "import", "Store a Kernel Tuner cache or T4 results file as an imported run");
    importCommand
        ->add_option("file", importOptions.path,
                     "Kernel Tuner cache file or T4 results file (plain, gzip or xz)")
        ->required();
    importCommand->add_option("--spec", importOptions.specPath,
                              "File the run under this spec (same parameters, the file's size "
                              "one of its sizes); default: a spec made from the file");
    importCommand->add_option("--device", importOptions.deviceName,
                              "The device, for a file that names none");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion &e) {
        return app.exit(e);
    } catch (const CLI::ParseError &e) {
        app.exit(e);
        return tb::exitcode::kUsage;
    }

    if (tuneCommand->parsed())
        return tb::runTuneOrReplay(*tuneCommand, context, tune, replay);
    if (verifyCommand->parsed())
        return tb::runVerify(context, verify);
    if (validateCommand->parsed())
        return tb::runValidate(validateSpec);
    if (newSpecCommand->parsed())
        return tb::runNewSpec(newSpec);
    if (captureSkeletonCommand->parsed())
        return tb::runCaptureSkeleton(captureSkeleton);
    if (showCommand->parsed())
        return tb::runShow(context, show);
    if (exportCommand->parsed())
        return tb::runExport(context, exportOptions);
    if (compareCommand->parsed())
        return tb::runCompare(context, compare);
    if (importCommand->parsed())
        return tb::runImport(context, importOptions);
    return tb::runRuns(context);
}
