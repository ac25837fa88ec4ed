#include "inspectcommands.h"

#include "analysis/searchtrail.h"
#include "configreport.h"
#include "consolereporter.h"
#include "energyfrontreport.h"
#include "exitcodes.h"
#include "export/exporter.h"
#include "export/kernelsetexport.h"
#include "export/t4export.h"
#include "exportdevice.h"
#include "resultsreport.h"
#include "runorigin.h"
#include "space/variables.h"
#include "storedrun.h"
#include "tasks/missingpairs.h"
#include "textformat.h"
#include "tunecommand.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace tb {

namespace {

// Per problem size: which strategy found the best, after how many evaluations.
void printSearchTrails(const Spec &spec, const RunRecord &run,
                       const std::vector<StoredResult> &results)
{
    const auto winners = bestPerSize(spec, results);
    for (std::size_t i = 0; i < winners.size(); ++i) {
        if (!winners[i])
            continue;
        const std::string text =
            describeSearchTrail(run.strategy, searchTrail(results, i, winners[i]->id));
        std::printf("  %s: best %s\n", problemSizeLabel(spec, i).c_str(), text.c_str());
    }
}

// The export on standard output, or in the file: written beside it and renamed, so a failed
// export never leaves half a file.
int writeExport(const std::string &text, const std::string &outputPath)
{
    if (outputPath.empty() || outputPath == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return exitcode::kSuccess;
    }
    const std::string temporary = outputPath + ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush())
            return reportCliError(
                makeError(EngineError::Code::IoError, "cannot write " + temporary),
                exitcode::kFailure);
    }
    std::error_code error;
    std::filesystem::rename(temporary, outputPath, error);
    if (error)
        return reportCliError(
            makeError(EngineError::Code::IoError, "cannot write " + outputPath, error.message()),
            exitcode::kFailure);
    std::fprintf(stderr, "wrote %s\n", outputPath.c_str());
    return exitcode::kSuccess;
}

// "problem size 0 (N=4096)", or "problem size 0" for a spec without size variables.
std::string sizeName(const Spec &spec, std::size_t sizeIndex)
{
    const std::string label =
        sizeIndex < problemSizeCount(spec) ? problemSizeLabel(spec, sizeIndex) : "";
    return "problem size " + std::to_string(sizeIndex) + (label.empty() ? "" : " (" + label + ")");
}

// A run without a single winner, a size out of range or a negative tolerance is the user's
// input, not an engine failure: exit 3.
int reportExportError(const EngineError &error)
{
    if (error.code == EngineError::Code::Busy) // --measure-missing on a run being tuned
        return reportCliError(error, exitcode::kBusy);
    return reportCliError(error, error.code == EngineError::Code::InvalidArgument
                                     ? exitcode::kInvalidInput
                                     : exitcode::kFailure);
}

// A Kernel Tuner cache and a T4 results file hold one problem size each: without --size the
// first is written, and a run with several says so rather than leaving the others out silently.
int writeOneSizeExport(const OpenRun &loaded, const ExportOptions &options, const char *holder,
                       const std::string &text, std::size_t configurations, std::size_t failures)
{
    const std::size_t sizeIndex = options.sizeIndex.value_or(0);
    const std::size_t sizes = problemSizeCount(loaded.spec);
    if (!options.sizeIndex && sizes > 1)
        std::fprintf(stderr,
                     "note: run %lld has %zu problem sizes and %s holds one: writing %s; --size "
                     "INDEX writes another\n",
                     static_cast<long long>(options.runId), sizes, holder,
                     sizeName(loaded.spec, sizeIndex).c_str());
    std::fprintf(stderr, "%s: %zu configurations, %zu failed\n",
                 sizeName(loaded.spec, sizeIndex).c_str(), configurations, failures);
    return writeExport(text, options.outputPath);
}

int exportKernelTunerCache(OpenRun &loaded, const ExportOptions &options)
{
    auto part = exportedPart(loaded, options, true); // samples: the entries' "times"
    if (!part)
        return reportExportError(part.error());
    auto cache = exportKernelTuner(loaded.spec, part->run, part->results,
                                   options.sizeIndex.value_or(0), options.deviceName);
    if (!cache)
        return reportExportError(cache.error());
    return writeOneSizeExport(loaded, options, "a Kernel Tuner cache", cache->text,
                              cache->configurations, cache->failures);
}

int exportT4File(OpenRun &loaded, const CliContext &context, const ExportOptions &options)
{
    auto part = exportedPart(loaded, options, true); // samples: the results' "runtimes"
    if (!part)
        return reportExportError(part.error());
    auto t4 = exportT4(loaded.spec, part->run, part->results, options.sizeIndex.value_or(0),
                       context.toolVersion, options.deviceName);
    if (!t4)
        return reportExportError(t4.error());
    return writeOneSizeExport(loaded, options, "a T4 results file", t4->text, t4->configurations,
                              t4->failures);
}

// The C++ header (cpp) or the triton.Config list (triton): the winners per problem size.
int exportWinnersFile(const OpenRun &loaded, const std::vector<StoredResult> &results,
                      const std::string &toolVersion, const ExportOptions &options)
{
    auto text = options.format == "triton"
                    ? exportTritonConfigs(loaded.spec, loaded.run, results, toolVersion)
                    : exportCppHeader(loaded.spec, loaded.run, results, toolVersion);
    if (!text)
        return reportExportError(text.error());
    return writeExport(*text, options.outputPath);
}

// --measure-missing: the run's missing pairs measured and stored (the engine decides which),
// progress on stderr; the set chosen again from all the run's results, or the exit code.
std::optional<KernelSet> measureMissing(const OpenRun &loaded, const CliContext &context,
                                        const ExportOptions &options, double maxSlowdown,
                                        int &exitCode)
{
    if (Status measurable = missingPairsMeasurable(loaded.run); !measurable) {
        exitCode = reportExportError(measurable.error());
        return std::nullopt;
    }
    RunChoices choices;
    choices.workspacePath = context.workspacePath;
    choices.workerPath = context.workerPath;
    choices.workers = options.workers;
    choices.toolVersion = context.toolVersion;
    choices.stopRequested = stopFlag();
    auto setup =
        prepareRunOrSay(loaded.spec, choices, "run " + std::to_string(loaded.run.id), exitCode);
    if (!setup)
        return std::nullopt;
    // On stderr, with the measuring's progress: the export may go to stdout.
    if (!setup->cudaAnnouncement.empty())
        std::fprintf(stderr, "%s\n", setup->cudaAnnouncement.c_str());
    const SessionOptions &session = setup->options;
    installStopHandlers();
    ConsoleReporter reporter(stderr, isatty(STDERR_FILENO) != 0, false);
    auto outcome = measureMissingPairs(
        loaded.spec, loaded.run, maxSlowdown, session, reporter,
        [](const std::string &line) { std::fprintf(stderr, "%s\n", line.c_str()); });
    if (!outcome) {
        exitCode = reportExportError(outcome.error());
        return std::nullopt;
    }
    std::fprintf(stderr, "%s\n", outcome->summary().c_str());
    if (outcome->stopped) {
        // What was measured is in the run; a set from part of what was asked is not exported.
        std::fprintf(stderr, "stopped: nothing exported\n");
        exitCode = exitcode::kInterrupted;
        return std::nullopt;
    }
    return std::move(outcome->set);
}

// The kernel set as JSON (kernelset) or as the C++ header's dispatch (cpp), with its summary on
// stderr, where it does not mix with the export on stdout.
int exportKernelSet(const OpenRun &loaded, const std::vector<StoredResult> &results,
                    const CliContext &context, const ExportOptions &options)
{
    const double maxSlowdown = options.maxSlowdownPct.value_or(kDefaultMaxSlowdownPct) / 100;
    std::optional<KernelSet> set;
    if (options.measureMissing) {
        int exitCode = exitcode::kSuccess;
        set = measureMissing(loaded, context, options, maxSlowdown, exitCode);
        if (!set)
            return exitCode;
    } else {
        auto chosen = selectKernelSet(loaded.spec, loaded.run, results, maxSlowdown);
        if (!chosen)
            return reportExportError(chosen.error());
        set = std::move(*chosen);
    }
    std::fprintf(stderr, "%s", describeKernelSet(loaded.spec, *set).c_str());
    const std::string text =
        options.format == "cpp"
            ? exportKernelSetHeader(loaded.spec, loaded.run, *set, context.toolVersion)
            : exportKernelSetJson(loaded.spec, loaded.run, *set, context.toolVersion);
    return writeExport(text, options.outputPath);
}

} // namespace

int runRuns(const CliContext &context)
{
    auto store = openWorkspaceToRead(context.workspacePath);
    if (!store)
        return reportCliError(store.error(), exitcode::kInvalidInput);
    auto runs = store->runs().all();
    if (!runs)
        return reportCliError(runs.error(), exitcode::kFailure);
    TextTable table(
        {"run", "spec", "state", "strategy", "device", "results", "started", "finished", "origin"});
    for (const auto &run : *runs)
        table.addRow({std::to_string(run.id), run.specName, std::string(toString(run.state)),
                      run.strategy, run.device, std::to_string(run.resultCount), run.startedAt,
                      run.finishedAt, run.imported() ? runOriginText(run) : "tuned here"});
    std::printf("%s", runs->empty() ? "no runs yet\n" : table.render().c_str());
    return exitcode::kSuccess;
}

namespace {

int showEnergyFront(const Spec &spec, const std::vector<StoredResult> &results, std::int64_t runId)
{
    const std::string text = renderEnergyFront(spec, results);
    if (text.empty())
        return reportCliError(
            makeError(EngineError::Code::InvalidArgument,
                      "run " + std::to_string(runId) + " has no energy figures",
                      "tune with the objective energy or edp, or with "
                      "measurement.energy_seconds, on a GPU with NVML's energy counter"),
            exitcode::kInvalidInput);
    std::printf("%s", text.c_str());
    return exitcode::kSuccess;
}

} // namespace

int runShow(const CliContext &context, const ShowOptions &options)
{
    const std::int64_t runId = options.runId;
    auto loaded = loadStoredRun(context.workspacePath, runId);
    if (!loaded)
        return reportCliError(loaded.error(), exitcode::kInvalidInput);
    auto results = loaded->store.results().ofRun(runId);
    if (!results)
        return reportCliError(results.error(), exitcode::kFailure);
    auto rounds = loaded->store.rounds().ofRun(runId);
    if (!rounds)
        return reportCliError(rounds.error(), exitcode::kFailure);
    const auto &run = loaded->run;
    std::printf("Run %lld of '%s': %s, strategy %s, %zu results, started %s%s%s\n",
                static_cast<long long>(run.id), loaded->spec.name.c_str(),
                std::string(toString(run.state)).c_str(),
                run.strategy.empty() ? "not recorded" : run.strategy.c_str(), results->size(),
                run.startedAt.c_str(), run.finishedAt.empty() ? "" : ", finished ",
                run.finishedAt.c_str());
    if (run.imported())
        std::printf("Origin: %s, on %s (medians are the recorded means)\n",
                    runOriginText(run).c_str(), runDeviceText(run).c_str());
    if (!options.configKey.empty()) {
        const auto text =
            renderConfigDetails(loaded->spec, *results, options.configKey, options.log);
        if (text.empty())
            return reportCliError(
                makeError(EngineError::Code::InvalidArgument,
                          "run " + std::to_string(runId) + " has no result of configuration '" +
                              options.configKey + "'",
                          "`show " + std::to_string(runId) + " --all` lists its configurations"),
                exitcode::kInvalidInput);
        std::printf("Configuration %s\n%s", options.configKey.c_str(), text.c_str());
        return exitcode::kSuccess;
    }
    if (options.pareto)
        return showEnergyFront(loaded->spec, *results, runId);
    if (!run.imported()) // a file's order is not a search's: no trail to tell
        printSearchTrails(loaded->spec, run, *results);
    const auto text = options.all
                          ? renderAllResults(loaded->spec, *results)
                          : renderTopResults(loaded->spec, *results, options.top, *rounds,
                                             effectivePeaks(loaded->spec.peaks, run.devicePeaks));
    std::printf("%s", text.c_str());
    return exitcode::kSuccess;
}

int runExport(const CliContext &context, const ExportOptions &options)
{
    if ((options.sizeIndex || !options.deviceName.empty()) && options.format != "kerneltuner" &&
        options.format != "t4")
        return reportCliError(makeError(EngineError::Code::InvalidArgument,
                                        "--size and --device-name apply to --format kerneltuner "
                                        "and t4 only"),
                              exitcode::kUsage);
    if (options.maxSlowdownPct && options.format != "cpp" && options.format != "kernelset")
        return reportCliError(makeError(EngineError::Code::InvalidArgument,
                                        "--max-slowdown applies to --format kernelset and cpp "
                                        "only"),
                              exitcode::kUsage);
    if (options.measureMissing && options.format != "kernelset" &&
        !(options.format == "cpp" && options.maxSlowdownPct))
        return reportCliError(makeError(EngineError::Code::InvalidArgument,
                                        "--measure-missing applies to --format kernelset, and to "
                                        "cpp with --max-slowdown"),
                              exitcode::kUsage);
    auto loaded = loadStoredRun(context.workspacePath, options.runId);
    if (!loaded)
        return reportCliError(loaded.error(), exitcode::kInvalidInput);
    if (options.format == "kerneltuner")
        return exportKernelTunerCache(*loaded, options);
    if (options.format == "t4")
        return exportT4File(*loaded, context, options);
    auto part = exportedPart(*loaded, options, false);
    if (!part)
        return reportExportError(part.error());
    loaded->run = part->run; // names the model exported
    const std::vector<StoredResult> &results = part->results;
    auto rounds = loaded->store.rounds().ofRun(options.runId);
    if (!rounds)
        return reportCliError(rounds.error(), exitcode::kFailure);
    if (options.format == "kernelset" || (options.format == "cpp" && options.maxSlowdownPct))
        return exportKernelSet(*loaded, results, context, options);
    if (options.format == "cpp" || options.format == "triton")
        return exportWinnersFile(*loaded, results, context.toolVersion, options);
    auto text = options.format == "csv"
                    ? exportCsv(loaded->spec, results)
                    : exportJson(loaded->spec, loaded->run, results,
                                 currentHost(context.toolVersion, loaded->run.device), *rounds);
    if (!text)
        return reportCliError(text.error(), exitcode::kFailure);
    return writeExport(*text, options.outputPath);
}

} // namespace tb
