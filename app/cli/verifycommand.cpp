#include "verifycommand.h"

#include "consolereporter.h"
#include "exitcodes.h"
#include "export/exportcheck.h"
#include "replay/compressedfile.h"
#include "session/session.h"
#include "storage/store.h"
#include "storedrun.h"
#include "textformat.h"
#include "tunecommand.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace tb {

namespace {

// A directory of its own under the system's temporary directory, removed when done.
class ScratchDirectory
{
public:
    ScratchDirectory()
    {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "tunebench-verify-XXXXXX").string();
        if (mkdtemp(pattern.data()))
            m_path = pattern;
    }
    ~ScratchDirectory()
    {
        std::error_code ignored;
        if (!m_path.empty())
            std::filesystem::remove_all(m_path, ignored);
    }
    ScratchDirectory(const ScratchDirectory &) = delete;
    ScratchDirectory &operator=(const ScratchDirectory &) = delete;
    const std::string &path() const { return m_path; }

private:
    std::string m_path;
};

// "1.234 ms ± 0.4%", or without the interval where the export did not record one.
std::string withUncertainty(double seconds, std::optional<double> relativeHalfWidth)
{
    std::string text = formatSeconds(seconds);
    if (relativeHalfWidth)
        text += " ± " + formatPercent(*relativeHalfWidth, false, 1);
    return text;
}

std::string renderRows(const std::vector<ExportCheckRow> &rows)
{
    TextTable table({"size", "configuration", "exported", "now", "change", "verdict"});
    for (const auto &row : rows) {
        const ShippedConfig &shipped = row.shipped;
        table.addRow(
            {shipped.sizeLabel.empty() ? "-" : shipped.sizeLabel, shipped.configKey,
             withUncertainty(shipped.medianSeconds, shipped.relativeHalfWidth),
             row.newMedianSeconds ? withUncertainty(*row.newMedianSeconds, row.newRelativeHalfWidth)
                                  : "-",
             row.changePercent ? formatPercent(*row.changePercent / 100.0, true, 1) : "-",
             std::string(toString(row.verdict)) + (row.message.empty() ? "" : ": " + row.message)});
    }
    return table.render();
}

// Runs the narrowed spec into `workspace`; the run's id, or the exit code to return.
std::optional<std::int64_t> measureAgain(const CliContext &context, const VerifyOptions &options,
                                         const ExportCheckPlan &plan, const std::string &workspace,
                                         int &exitCode)
{
    SessionOptions session;
    session.workspacePath = workspace;
    session.workerCommand = {context.workerPath};
    session.workers = options.workers;
    session.toolVersion = context.toolVersion;
    session.fresh = true;
    session.stopRequested = stopFlag();
    TuneOptions tune;
    tune.specPath = options.exportPath;
    if (plan.spec.backend == BackendKind::Cuda && !prepareCuda(plan.spec, tune, session)) {
        exitCode = exitcode::kFailure;
        return std::nullopt;
    }
    ConsoleReporter reporter(stdout, isatty(STDOUT_FILENO) != 0, false);
    auto summary = Session(plan.spec, session, reporter).run();
    if (!summary) {
        exitCode = exitcode::kFailure;
        return std::nullopt;
    }
    return summary->runId;
}

} // namespace

int runVerify(const CliContext &context, const VerifyOptions &options)
{
    const auto text = readPlainOrGzipFile(options.exportPath);
    if (!text)
        return reportCliError(text.error(), exitcode::kInvalidInput);
    auto plan = readExportCheckPlan(*text, options.exportPath);
    if (!plan)
        return reportCliError(plan.error(), exitcode::kInvalidInput);
    std::printf("Verifying %zu configuration(s) of %s exported from a run on %s (Tunebench %s), "
                "threshold %s\n",
                plan->shipped.size(), plan->spec.name.c_str(),
                plan->device.empty() ? "an unnamed device" : plan->device.c_str(),
                plan->toolVersion.c_str(),
                formatPercent(options.thresholdPercent / 100, false, 1).c_str());
    ScratchDirectory scratch;
    const std::string workspace = !options.keepWorkspace.empty() ? options.keepWorkspace
                                  : scratch.path().empty()       ? std::string()
                                                                 : scratch.path() + "/verify.tbw";
    if (workspace.empty()) {
        std::fprintf(stderr, "error: cannot make a temporary directory for the run\n");
        return exitcode::kFailure;
    }
    installStopHandlers();
    int exitCode = exitcode::kSuccess;
    const auto runId = measureAgain(context, options, *plan, workspace, exitCode);
    if (!runId)
        return exitCode;
    auto store = Store::open(workspace);
    if (!store)
        return reportCliError(store.error(), exitcode::kFailure);
    auto results = store->results(*runId);
    auto run = store->run(*runId);
    if (!results || !run)
        return std::fprintf(stderr, "error: cannot read the run back from %s\n", workspace.c_str()),
               exitcode::kFailure;
    const auto rows = compareWithExport(*plan, *results, options.thresholdPercent);
    std::printf("%s", renderRows(rows).c_str());
    bool regressed = false;
    for (const auto &row : rows)
        regressed = regressed || row.verdict != ExportCheckRow::Verdict::Held;
    const auto changes = environmentChanges(*plan, run->device, context.toolVersion);
    for (const auto &change : changes)
        std::printf("environment changed: %s\n", change.c_str());
    const bool envFails = !changes.empty() && options.onEnvChange == "fail";
    if (regressed || envFails) {
        std::printf("verify: FAILED (%s)\n",
                    regressed ? "a shipped configuration no longer holds"
                              : "the environment differs from the export's (--on-env-change fail)");
        return exitcode::kRegression;
    }
    std::printf("verify: every shipped configuration holds\n");
    return exitcode::kSuccess;
}

} // namespace tb
