#pragma once

#include "analysis/kernelset.h"
#include "model/expected.h"
#include "model/spec.h"
#include "run/sessionlistener.h"
#include "run/sessionoptions.h"
#include "storage/storerecords.h"

#include <cstddef>
#include <functional>
#include <string>

namespace tb {

// What measuring a kernel set's missing pairs did (measureMissingPairs()).
struct MissingPairsOutcome
{
    KernelSet set;                  // from every result the run holds now
    std::size_t kernelsBefore = 0;  // the set's size from the results it held before
    std::size_t batches = 0;        // measuring sessions run
    std::size_t requested = 0;      // pairs asked for, over all batches
    std::size_t stored = 0;         // results added to the run (references measured on the way too)
    std::size_t failed = 0;         // requested pairs stored as failed: they cover nothing
    ConfigSizeKeys rejected;        // requested pairs without a result: the constraints reject them
    bool stopped = false;           // a stop request ended it; what was measured is stored
    std::size_t unmeasuredLeft = 0; // pairs the set still lists (a stop left them)
    // Problem sizes whose own best got faster from a pair measured here: the tolerance is then
    // measured from a better time, and the set may need more configurations, not fewer.
    std::size_t fasterBests = 0;

    // One line: how the set changed, or why it did not.
    std::string summary() const;
};

// Whether measureMissingPairs() may measure for `run`: not for an imported run (another tool's
// times on another machine): InvalidArgument naming the run and its file then.
Status missingPairsMeasurable(const RunRecord &run);

// Few kernels for many sizes, completed: measures the unmeasured (configuration, size) pairs
// that could make the run's kernel set smaller (KernelSet::unmeasured), stores them in the run
// itself, and chooses the set again from all its results; again while a smaller set still
// relies on pairs not tried, so every round measures pairs the rule needs and nothing else.
//
// Why into the run itself: a kernel set is chosen from one run's results, and a later export,
// `show` or resume of that run then sees the pairs without knowing of a second run. A Store
// allows it cleanly: a result is keyed by (run, configuration, size) and never overwritten, and
// a resumed run reuses whatever the strategy proposes from the store and ignores the rest.
// Each round measures in a fresh run of the narrowed spec (narrowSpecToPairs()) in a scratch
// workspace, through an ordinary Session, so every result is measured as the run's own were
// (same measurement settings, rounds, output verification); the new results, with their
// rounds, are then copied into the run and the scratch workspace removed. The build cache is
// the run's workspace's (options.cacheDirectory, default "<workspace>.cache").
//
// `options.workspacePath` is the run's workspace; workers, worker command, tool version, stop
// flag and a CUDA run's GPUs and target as for any session (the caller plans them). `listener`
// hears each round's session (its run is the scratch one); `announce` a line before each round
// saying what it measures and why. The run is
// claimed as its one writer meanwhile (Busy when another live process holds it). A failed pair
// is stored as failed and covers nothing; a stop request ends the round, keeping and storing
// what was measured. InvalidArgument when the results measured on another GPU model than the
// run's (they are never ranked together): nothing is stored then.
Expected<MissingPairsOutcome>
measureMissingPairs(const Spec &spec, const RunRecord &run, double maxSlowdown,
                    SessionOptions options, SessionListener &listener,
                    const std::function<void(const std::string &)> &announce);

} // namespace tb
