#include "exportverification.h"

#include "session.h"
#include "storage/store.h"

#include <algorithm>

namespace tb {

std::string ExportVerification::failureReason() const
{
    if (regressed)
        return "a shipped configuration no longer holds";
    if (environmentFails)
        return "the environment differs from the export's";
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
    auto results = store->results(runId);
    auto run = store->run(runId);
    if (!results || !run)
        return EngineError{
            EngineError::Code::StoreError, "cannot read the run back from " + workspacePath, {}};
    return judgeVerification(plan, *results, run->device, toolVersion, policy);
}

ExportVerification judgeVerification(const ExportCheckPlan &plan,
                                     const std::vector<StoredResult> &results,
                                     const std::string &device, const std::string &toolVersion,
                                     const VerifyPolicy &policy)
{
    ExportVerification verification;
    verification.rows = compareWithExport(plan, results, policy.thresholdPercent);
    verification.regressed =
        std::any_of(verification.rows.begin(), verification.rows.end(),
                    [](const auto &row) { return row.verdict != ExportCheckRow::Verdict::Held; });
    verification.environmentChanges = environmentChanges(plan, device, toolVersion);
    verification.environmentFails =
        !verification.environmentChanges.empty() && policy.onEnvChange == EnvChangePolicy::Fail;
    return verification;
}

} // namespace tb
