#include "exportverification.h"

#include "export/remeasureplan.h"
#include "replay/compressedfile.h"
#include "run/session.h"
#include "storage/store.h"

#include <algorithm>
#include <cstdio>

namespace tb {

namespace {

// Every failure of verifyShippedAgain() reaches the listener, as the session's own do.
EngineError toldListener(SessionListener &listener, const EngineError &error)
{
    listener.onFailed(error);
    return error;
}

bool isInconclusive(const ExportCheckRow &row)
{
    return row.verdict == ExportCheckRow::Verdict::Inconclusive;
}

// What verify measures again, longer: the inconclusive configurations, and in the first extra
// round those called SLOWER too. A loaded machine can slow one short measurement beyond its own
// interval (an unchanged 2.8 us kernel read +9.5% +- 7.8% beside a busy core); a real slowdown
// is still there when measured four times longer, a passing load seldom is.
bool needsAnotherRound(const ExportCheckRow &row, int extraRounds)
{
    return isInconclusive(row) ||
           (row.verdict == ExportCheckRow::Verdict::Slower && extraRounds == 0);
}

std::vector<ShippedConfig> configsToMeasureAgain(const ExportVerification &verification)
{
    std::vector<ShippedConfig> again;
    for (const auto &row : verification.rows)
        if (needsAnotherRound(row, verification.extraRounds))
            again.push_back(row.shipped);
    return again;
}

// The rows of `verification` that were measured again take their new verdicts, those of the
// longer measurement; one the run did not reach (stopped) keeps its verdict rather than turning
// MISSING.
void takeNewVerdicts(ExportVerification &verification, const std::vector<ExportCheckRow> &again)
{
    for (auto &row : verification.rows)
        for (const auto &newer : again)
            if (newer.verdict != ExportCheckRow::Verdict::Missing &&
                newer.shipped.sizeIndex == row.shipped.sizeIndex &&
                newer.shipped.configKey == row.shipped.configKey)
                row = newer;
}

void settleVerdicts(ExportVerification &verification)
{
    const auto &rows = verification.rows;
    verification.regressed = std::any_of(rows.begin(), rows.end(), [](const auto &row) {
        return row.verdict != ExportCheckRow::Verdict::Held && !isInconclusive(row);
    });
    verification.inconclusive = std::any_of(rows.begin(), rows.end(), isInconclusive);
    verification.busyHost = std::any_of(rows.begin(), rows.end(), [](const auto &row) {
        return isInconclusive(row) && row.busyHost;
    });
}

// "verify: 1 configuration(s) slower than exported: measuring again to tell, round 1, up to
// 120 samples in 0.8 s each".
std::string extraRoundLine(std::size_t count, int round, const ExportCheckPlan &longer)
{
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", longer.spec.measurement.maxSecondsPerConfig);
    return "verify: " + std::to_string(count) +
           " configuration(s) slower than exported: measuring again to tell, round " +
           std::to_string(round) + ", up to " + std::to_string(longer.spec.measurement.maxSamples) +
           " samples in " + seconds + " s each";
}

// One more run of the configurations that need it, into the same workspace (a run beside the
// first: the verdicts read each run by its id).
Status measureAgainLonger(const ExportCheckPlan &plan, const SessionOptions &options,
                          SessionListener &listener, const VerifyPolicy &policy,
                          ExportVerification &verification)
{
    const auto again = configsToMeasureAgain(verification);
    const int round = verification.extraRounds + 1;
    auto longer = remeasurePlan(plan, again, round, policy.thresholdPercent);
    if (!longer)
        return toldListener(listener, longer.error());
    listener.onNotice(extraRoundLine(again.size(), round, *longer)); // shown without -v too
    const auto summary = measureShippedAgain(*longer, options, listener);
    if (!summary)
        return summary.error(); // the session told the listener
    auto judged = judgeMeasuredAgain(*longer, options.workspacePath, summary->runId,
                                     options.toolVersion, policy);
    if (!judged)
        return toldListener(listener, judged.error());
    verification.extraRounds = round;
    verification.stopped = summary->stopped;
    takeNewVerdicts(verification, judged->rows);
    settleVerdicts(verification);
    return ok();
}

} // namespace

std::string ExportVerification::failureReason() const
{
    if (regressed)
        return "a shipped configuration no longer holds";
    if (environmentFails)
        return "the environment differs from the export's";
    if (busyHost)
        return "the machine was busy while it measured, and a configuration read slower: verify "
               "again on a quiet machine";
    if (inconclusive)
        return "measure longer: a configuration is slower beyond the threshold, but not beyond "
               "what its times are uncertain by";
    return {};
}

Expected<RunSummary> measureShippedAgain(const ExportCheckPlan &plan, SessionOptions options,
                                         SessionListener &listener)
{
    // A compile-only run (a CUDA export on a machine without a usable GPU) times nothing: its
    // results would read as 100% faster and every configuration would hold.
    if (options.compileOnly) {
        const EngineError error{EngineError::Code::NoDevice,
                                "cannot verify on this machine: the run would only compile",
                                "verify measures on a GPU of the export's kind"};
        listener.onFailed(error);
        return error;
    }
    // A fresh run: a workspace kept from an earlier check must not hand back old results.
    // The strategy and budgets stay the plan's (brute force over the shipped configurations).
    options.fresh = true;
    options.strategy.reset();
    options.maxConfigs.reset();
    options.maxSeconds.reset();
    return Session(plan.spec, options, listener).run();
}

Expected<ExportVerification> judgeMeasuredAgain(const ExportCheckPlan &plan,
                                                const std::string &workspacePath,
                                                std::int64_t runId, const std::string &toolVersion,
                                                const VerifyPolicy &policy)
{
    auto store = Store::open(workspacePath);
    if (!store)
        return store.error();
    auto results = store->results().ofRun(runId);
    auto run = store->runs().read(runId);
    if (!results || !run)
        return EngineError{
            EngineError::Code::StoreError, "cannot read the run back from " + workspacePath, {}};
    return judgeVerification(plan, *results, run->device, toolVersion, policy);
}

Expected<ExportVerification> verifyShippedAgain(const ExportCheckPlan &plan,
                                                const SessionOptions &options,
                                                SessionListener &listener,
                                                const VerifyPolicy &policy)
{
    const auto summary = measureShippedAgain(plan, options, listener);
    if (!summary)
        return summary.error(); // the session told the listener
    auto verification = judgeMeasuredAgain(plan, options.workspacePath, summary->runId,
                                           options.toolVersion, policy);
    if (!verification)
        return toldListener(listener, verification.error());
    verification->stopped = summary->stopped;
    while (!configsToMeasureAgain(*verification).empty() && !verification->stopped &&
           verification->extraRounds < policy.maxExtraRounds) {
        const auto measured = measureAgainLonger(plan, options, listener, policy, *verification);
        if (!measured)
            return measured.error();
    }
    return verification;
}

ExportVerification judgeVerification(const ExportCheckPlan &plan,
                                     const std::vector<StoredResult> &results,
                                     const std::string &device, const std::string &toolVersion,
                                     const VerifyPolicy &policy)
{
    ExportVerification verification;
    verification.rows = compareWithExport(plan, results, policy.thresholdPercent);
    settleVerdicts(verification);
    verification.environmentChanges = environmentChanges(plan, device, toolVersion);
    verification.environmentFails =
        !verification.environmentChanges.empty() && policy.onEnvChange == EnvChangePolicy::Fail;
    return verification;
}

Expected<ExportCheckPlan> readExportCheckPlanFile(const std::string &path)
{
    const auto text = readPlainOrGzipFile(path);
    if (!text)
        return text.error();
    return readExportCheckPlan(*text, path);
}

} // namespace tb
