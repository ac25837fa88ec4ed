#include "verifycommand.h"

#include "consolereporter.h"
#include "exitcodes.h"
#include "storedrun.h"
#include "tasks/exportverification.h"
#include "tasks/scratchdirectory.h"
#include "textformat.h"
#include "tunecommand.h"

#include <cstdio>
#include <unistd.h>

namespace tb {

namespace {

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

// Measures the shipped configurations again into `workspace` (and the inconclusive ones longer,
// verifyShippedAgain()) and judges them; nullopt with the exit code to return (the reporter
// told the error).
std::optional<ExportVerification>
verifyAgain(const CliContext &context, const VerifyOptions &options, const ExportCheckPlan &plan,
            const std::string &workspace, const VerifyPolicy &policy, int &exitCode)
{
    RunChoices choices;
    choices.workspacePath = workspace;
    choices.workerPath = context.workerPath;
    choices.workers = options.workers;
    choices.toolVersion = context.toolVersion;
    choices.stopRequested = stopFlag();
    auto setup = prepareRunOrSay(plan.spec, choices, options.exportPath, exitCode);
    if (!setup)
        return std::nullopt;
    if (!setup->cudaAnnouncement.empty())
        std::printf("%s\n", setup->cudaAnnouncement.c_str());
    const SessionOptions &session = setup->options;
    ConsoleReporter reporter(stdout, isatty(STDOUT_FILENO) != 0, false);
    auto verification = verifyShippedAgain(plan, session, reporter, policy);
    if (!verification) {
        exitCode = exitcode::kFailure;
        return std::nullopt;
    }
    return std::move(verification.value());
}

// The verdict line and the exit code: a regression (or, with --on-env-change fail, a changed
// environment) fails; an inconclusive configuration is neither a pass nor a failure.
int reportOutcome(const ExportVerification &verification)
{
    if (verification.regressed || verification.environmentFails) {
        // The flag that made a changed environment fail, named for the terminal's user.
        std::printf("verify: FAILED (%s%s)\n", verification.failureReason().c_str(),
                    verification.regressed ? "" : " (--on-env-change fail)");
        return exitcode::kRegression;
    }
    if (verification.inconclusive) {
        std::printf("verify: INCONCLUSIVE (%s; %d extra round(s) did not settle it)\n",
                    verification.failureReason().c_str(), verification.extraRounds);
        return exitcode::kInconclusive;
    }
    std::printf("verify: every shipped configuration holds\n");
    return exitcode::kSuccess;
}

VerifyPolicy policyOf(const VerifyOptions &options)
{
    VerifyPolicy policy;
    policy.thresholdPercent = options.thresholdPercent;
    policy.onEnvChange =
        options.onEnvChange == "fail" ? EnvChangePolicy::Fail : EnvChangePolicy::Warn;
    return policy;
}

} // namespace

int runVerify(const CliContext &context, const VerifyOptions &options)
{
    auto plan = readExportCheckPlanFile(options.exportPath);
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
    const auto verification =
        verifyAgain(context, options, *plan, workspace, policyOf(options), exitCode);
    if (!verification)
        return exitCode;
    std::printf("%s", renderRows(verification->rows).c_str());
    for (const auto &change : verification->environmentChanges)
        std::printf("environment changed: %s\n", change.c_str());
    return reportOutcome(*verification);
}

} // namespace tb
