#include "missingpairs.h"

#include "scratchdirectory.h"

#include "analysis/pairnarrowing.h"
#include "export/hostinfo.h"
#include "run/session.h"
#include "storage/runholder.h"
#include "storage/store.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <unistd.h>

namespace tb {

namespace {

// What one measuring round stored: per requested or reference pair copied into the run, whether
// it ran ok.
struct Batch
{
    std::map<std::pair<std::string, std::size_t>, bool> stored;
    bool stopped = false;
};

bool stopRequested(const SessionOptions &options)
{
    return options.stopRequested && options.stopRequested->load();
}

// "cuda" and "cpu" name no GPU model (as Session::measuredOnAnotherModel() reads them).
bool namesModel(const std::string &device)
{
    return !device.empty() && device != "cuda" && device != "cpu";
}

// The scratch run's rounds by result id, round 1 first: a result measured in several rounds is
// stored as its round 1, so that the later rounds are added as they were measured.
std::map<std::int64_t, std::vector<StoredRound>> roundsByResult(std::vector<StoredRound> rounds)
{
    std::map<std::int64_t, std::vector<StoredRound>> byResult;
    for (StoredRound &round : rounds)
        byResult[round.resultId].push_back(std::move(round));
    return byResult;
}

// Copies every result of the scratch run that the run lacks into it, with its rounds: round 1
// as the result's row, the later ones through saveRound() ending with the combined summary.
Status copyResults(Store &target, const RunRecord &run, Store &scratch, std::int64_t scratchRun,
                   Batch &batch)
{
    auto have = target.results().completedConfigs(run.id);
    auto results = scratch.results().ofRun(scratchRun, true);
    auto rounds = scratch.rounds().ofRun(scratchRun, true);
    if (!have || !results || !rounds)
        return !have ? have.error() : !results ? results.error() : rounds.error();
    auto byResult = roundsByResult(std::move(*rounds));
    for (const StoredResult &stored : *results) {
        const auto pair = std::make_pair(stored.configKey, stored.sizeIndex);
        if (have->count(pair))
            continue; // a reference the run measured already
        const auto &itsRounds = byResult[stored.id];
        const bool withRounds = itsRounds.size() > 1 && itsRounds.front().round == 1;
        auto id = target.results().save(run.id, run.specId, stored.configKey, stored.config,
                                        stored.sizeIndex,
                                        withRounds ? itsRounds.front().result : stored.result);
        if (!id)
            return id.error();
        for (std::size_t r = 1; withRounds && r < itsRounds.size(); ++r)
            if (auto status = target.rounds().save(*id, itsRounds[r].round, itsRounds[r].result,
                                                   stored.result);
                !status)
                return status;
        batch.stored[pair] = stored.result.status == ResultStatus::Ok;
    }
    return ok();
}

// The scratch run's results, once they are known to be comparable with the run's.
Status collectBatch(Store &target, const RunRecord &run, const std::string &scratchPath,
                    std::int64_t scratchRunId, Batch &batch)
{
    auto scratch = Store::openToRead(scratchPath);
    if (!scratch)
        return scratch.error();
    auto scratchRun = scratch->runs().read(scratchRunId);
    if (!scratchRun)
        return scratchRun.error();
    if (namesModel(run.device) && namesModel(scratchRun->device) &&
        run.device != scratchRun->device)
        return makeError(EngineError::Code::InvalidArgument,
                         "run " + std::to_string(run.id) + " was measured on " + run.device +
                             ", the missing pairs on " + scratchRun->device +
                             ": GPUs of different models are never ranked together, so nothing "
                             "was stored",
                         "measure them on a " + run.device);
    return copyResults(target, run, *scratch, scratchRunId, batch);
}

// One round: the pairs measured in a fresh run of the narrowed spec in a scratch workspace,
// then copied into the run.
Expected<Batch> measureBatch(const Spec &spec, const RunRecord &run, Store &target,
                             const std::vector<ConfigAtSize> &pairs, SessionOptions options,
                             SessionListener &listener)
{
    auto narrowed = narrowSpecToPairs(spec, pairs);
    if (!narrowed)
        return narrowed.error();
    const ScratchDirectory directory("tunebench-pairs");
    if (directory.path().empty())
        return makeError(EngineError::Code::IoError,
                         "cannot make a temporary directory for measuring pairs");
    const std::string scratchPath = directory.path() + "/pairs.tbw";
    options.workspacePath = scratchPath;
    options.fresh = true;
    options.strategy.reset();
    options.maxConfigs.reset();
    options.maxSeconds.reset();
    Batch batch;
    auto summary = Session(*narrowed, options, listener).run();
    Status collected = summary ? collectBatch(target, run, scratchPath, summary->runId, batch)
                               : Status(summary.error());
    if (!collected)
        return collected.error();
    batch.stopped = summary->stopped || stopRequested(options);
    return batch;
}

std::string plural(std::size_t count, const char *word)
{
    return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

std::string percent(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g%%", fraction * 100);
    return text;
}

// The pairs the set lists, as the narrowing takes them.
std::vector<ConfigAtSize> pairsOf(const KernelSet &set)
{
    std::vector<ConfigAtSize> pairs;
    for (const UnmeasuredPair &pair : set.unmeasured)
        pairs.push_back({pair.config, pair.sizeIndex});
    return pairs;
}

// Tallies a round: stored pairs (failed ones counted), and requested pairs a finished round
// left without a result, which the constraints rejected. False when it made no progress.
bool tally(MissingPairsOutcome &outcome, const KernelSet &set, const Batch &batch)
{
    bool progress = false;
    outcome.stored += batch.stored.size();
    for (const UnmeasuredPair &pair : set.unmeasured) {
        const auto key = std::make_pair(pair.configKey, pair.sizeIndex);
        const auto found = batch.stored.find(key);
        if (found != batch.stored.end()) {
            outcome.failed += found->second ? 0 : 1;
            progress = true;
        } else if (!batch.stopped) {
            progress = outcome.rejected.insert(key).second || progress;
        }
    }
    return progress;
}

// The run's results now and the set they give.
Expected<KernelSet> chooseAgain(Store &store, const Spec &spec, const RunRecord &run,
                                double maxSlowdown, const ConfigSizeKeys &rejected)
{
    auto results = store.results().ofRun(run.id);
    if (!results)
        return results.error();
    return selectKernelSet(spec, run, *results, maxSlowdown, rejected);
}

using Announce = std::function<void(const std::string &)>;

// How many sizes' own best improved from `before` to `after` (in the objective's direction).
std::size_t countFasterBests(const Spec &spec, const KernelSet &before, const KernelSet &after)
{
    std::size_t faster = 0;
    for (std::size_t i = 0; i < before.sizes.size() && i < after.sizes.size(); ++i) {
        const KernelSetSize &old = before.sizes[i];
        const KernelSetSize &now = after.sizes[i];
        if (!now.tuned)
            continue;
        const bool better =
            spec.objective.minimize ? now.bestValue < old.bestValue : now.bestValue > old.bestValue;
        faster += !old.tuned || better ? 1 : 0;
    }
    return faster;
}

Expected<MissingPairsOutcome> measureRounds(Store &store, const Spec &spec, const RunRecord &run,
                                            double maxSlowdown, const SessionOptions &options,
                                            SessionListener &listener, const Announce &announce)
{
    MissingPairsOutcome outcome;
    auto set = chooseAgain(store, spec, run, maxSlowdown, outcome.rejected);
    if (!set)
        return set.error();
    outcome.kernelsBefore = set->kernels.size();
    const KernelSet before = *set;
    while (!set->unmeasured.empty() && !stopRequested(options)) {
        announce("kernel set: " + plural(set->kernels.size(), "configuration") +
                 " from measured results; measuring " +
                 plural(set->unmeasured.size(), "unmeasured pair") + " that could make it " +
                 std::to_string(set->couldShrinkTo) + " (in a scratch run, then stored in run " +
                 std::to_string(run.id) + ")");
        auto batch = measureBatch(spec, run, store, pairsOf(*set), options, listener);
        if (!batch)
            return batch.error();
        ++outcome.batches;
        outcome.requested += set->unmeasured.size();
        const bool progress = tally(outcome, *set, *batch);
        outcome.stopped = batch->stopped;
        auto again = chooseAgain(store, spec, run, maxSlowdown, outcome.rejected);
        if (!again)
            return again.error();
        set = std::move(again);
        if (outcome.stopped || !progress)
            break;
    }
    outcome.stopped = outcome.stopped || stopRequested(options);
    outcome.unmeasuredLeft = set->unmeasured.size();
    outcome.fasterBests = countFasterBests(spec, before, *set);
    outcome.set = std::move(*set);
    return outcome;
}

} // namespace

std::string MissingPairsOutcome::summary() const
{
    const std::size_t now = set.kernels.size();
    std::string text = "kernel set: " + plural(requested, "missing pair") + " asked for in " +
                       plural(batches, "round") + " (" + plural(stored, "result") + " stored, " +
                       std::to_string(failed) + " failed, " + std::to_string(rejected.size()) +
                       " rejected by the constraints): ";
    if (now < kernelsBefore)
        text += "the set shrank from " + std::to_string(kernelsBefore) + " to " +
                std::to_string(now) + " configurations";
    else if (now > kernelsBefore)
        text += "the set grew from " + std::to_string(kernelsBefore) + " to " +
                std::to_string(now) + " configurations: pairs measured here beat the best of " +
                plural(fasterBests, "problem size") +
                ", whose tolerance now counts from that faster time";
    else if (requested == 0)
        text += "the set stays at " + std::to_string(now) +
                ": no unmeasured pair could make it smaller";
    else
        text += "the set stays at " + std::to_string(now) + ": the pairs measured ran more than " +
                percent(set.maxSlowdown) +
                " slower than their size's best, failed, or were rejected";
    if (stopped)
        text += "; stopped with " + plural(unmeasuredLeft, "pair") +
                " still unmeasured (what was measured is stored: run it again to go on)";
    return text;
}

Status missingPairsMeasurable(const RunRecord &run)
{
    // An imported run was measured by another tool on its machine: pairs measured here would
    // be ranked against times this pipeline did not take.
    if (run.imported())
        return makeError(
            EngineError::Code::InvalidArgument,
            "run " + std::to_string(run.id) + " is imported (" + run.sourceFile +
                "): its missing pairs cannot be measured beside another tool's "
                "times",
            "tune the spec here (tunebench-cli tune) and export that run's kernel set");
    return ok();
}

Expected<MissingPairsOutcome> measureMissingPairs(const Spec &spec, const RunRecord &run,
                                                  double maxSlowdown, SessionOptions options,
                                                  SessionListener &listener,
                                                  const Announce &announce)
{
    if (Status measurable = missingPairsMeasurable(run); !measurable)
        return measurable.error();
    auto store = Store::open(options.workspacePath);
    if (!store)
        return store.error();
    const RunHolder me = currentRunHolder();
    auto holder = store->runs().claim(run.id, me);
    if (!holder)
        return holder.error();
    if (*holder)
        return makeError(EngineError::Code::Busy,
                         "run " + std::to_string(run.id) +
                             " is being tuned by another process (pid " +
                             std::to_string((*holder)->pid) + " on " + (*holder)->host + ")",
                         "measure its missing pairs once it has ended");
    // CPU timings of two hosts compare poorly, and the set ranks them together.
    const std::string host = currentHost(options.toolVersion, "").hostname;
    if (!run.host.empty() && run.host != host)
        announce("note: run " + std::to_string(run.id) + " was measured on host " + run.host +
                 ", the missing pairs are measured on " + host +
                 ": the set compares their times with the run's");
    // The run's own build cache: configurations it built are not built again.
    if (options.cacheDirectory.empty())
        options.cacheDirectory = options.workspacePath + ".cache";
    auto outcome = measureRounds(*store, spec, run, maxSlowdown, options, listener, announce);
    (void)store->runs().release(run.id, me);
    return outcome;
}

} // namespace tb
