#pragma once

#include "export/exportcheck.h"
#include "model/expected.h"
#include "run/sessionevents.h"
#include "run/sessionlistener.h"
#include "run/sessionoptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// What a changed environment (another device, another Tunebench) does to a verification.
enum class EnvChangePolicy
{
    Warn, // reported, the verification still passes
    Fail, // the verification fails
};

// The user's terms of a verification: `tunebench-cli verify --threshold --on-env-change` and
// the workbench's Run > Verify export... ask the same two things.
struct VerifyPolicy
{
    double thresholdPercent = 5;
    EnvChangePolicy onEnvChange = EnvChangePolicy::Warn;
    // Extra rounds for inconclusive configurations (and to confirm a first SLOWER), each
    // kRemeasureGrowth times longer than the one before (export/remeasureplan.h): verify
    // samples until it can tell, within a bound. 0: the first measurement's verdicts.
    int maxExtraRounds = 2;
};

// The outcome of measuring a JSON export's shipped configurations again: one row per
// configuration with its verdict, what differs in the environment, and whether it passes.
struct ExportVerification
{
    std::vector<ExportCheckRow> rows;
    std::vector<std::string> environmentChanges; // "device: NVIDIA H100 -> NVIDIA A100"
    bool regressed = false;                      // a row is SLOWER, FAILED or MISSING
    // A row is inconclusive: slower beyond the threshold, but not beyond the uncertainty, even
    // after the extra rounds. Neither a pass nor a regression: measure longer.
    bool inconclusive = false;
    // An inconclusive row was measured on a busy machine (ExportCheckRow::busyHost).
    bool busyHost = false;
    bool environmentFails = false; // the environment changed and the policy says Fail
    bool stopped = false;          // a run was stopped: what it did not measure is MISSING
    int extraRounds = 0;           // rounds that measured configurations again, longer

    bool passed() const { return !regressed && !inconclusive && !environmentFails; }
    // Why it did not pass ("a shipped configuration no longer holds"); "" when it passed.
    std::string failureReason() const;
};

// Runs the plan's narrowed spec (readExportCheckPlan()) as a fresh run into
// options.workspacePath: `options` says where and with what (workers, worker command, tool
// version, the stop flag, a CUDA run's GPUs and target: the caller plans those, as this layer
// links no backend); the strategy and budgets are the plan's. The session tells `listener` its
// progress and its failure (onFailed) before this returns it. NoDevice, and no run, where
// `options` only compile (no GPU): nothing would be timed.
Expected<RunSummary> measureShippedAgain(const ExportCheckPlan &plan, SessionOptions options,
                                         SessionListener &listener);

// Judges a finished measureShippedAgain() run: each row against the threshold, the run's
// device and `toolVersion` against the export's. A run stopped early leaves its unmeasured
// configurations MISSING. StoreError when the run cannot be read back.
Expected<ExportVerification> judgeMeasuredAgain(const ExportCheckPlan &plan,
                                                const std::string &workspacePath,
                                                std::int64_t runId, const std::string &toolVersion,
                                                const VerifyPolicy &policy);

// An export file as `verify` reads it, plain or gzip, then what it ships (readExportCheckPlan()):
// IoError for a file that cannot be read, InvalidArgument for one that is not a Tunebench JSON
// export or lacks its spec.
Expected<ExportCheckPlan> readExportCheckPlanFile(const std::string &path);

// The whole check, the one call of `tunebench-cli verify` and Run > Verify export...:
// measureShippedAgain() then judgeMeasuredAgain(); while configurations are inconclusive (or,
// after the first run, SLOWER: a slowdown must hold in a longer measurement before it fails
// the check), up to policy.maxExtraRounds more runs measure only those, longer each time
// (remeasurePlan()), into the same workspace, and their rows take the new verdicts. A stopped
// run ends the rounds
// (`stopped`). The listener hears each run, why another one starts (onNotice) and every failure
// (onFailed) before this returns it.
Expected<ExportVerification> verifyShippedAgain(const ExportCheckPlan &plan,
                                                const SessionOptions &options,
                                                SessionListener &listener,
                                                const VerifyPolicy &policy);

// The verdicts from results already in hand (judgeMeasuredAgain() reads them from the store).
ExportVerification judgeVerification(const ExportCheckPlan &plan,
                                     const std::vector<StoredResult> &results,
                                     const std::string &device, const std::string &toolVersion,
                                     const VerifyPolicy &policy);

} // namespace tb
