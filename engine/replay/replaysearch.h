#pragma once

#include "model/expected.h"
#include "replay/replayevaluator.h"
#include "search/strategyoptions.h"
#include "space/searchspace.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// When a replayed search stops. Zero means no limit.
struct ReplayBudget
{
    // Every evaluation counts, failed ones included (as Kernel Tuner counts).
    std::int64_t evaluations = 0;
    // The recorded compile, verification and benchmark time of what was evaluated.
    double seconds = 0;
    // Evaluations in a row that found nothing better.
    std::int64_t stopAfterNoImprovement = 0;
};

struct ReplaySettings
{
    std::string strategy = "brute_force"; // or "auto" (search/strategychoice.h)
    StrategyOptions options;
    std::uint64_t seed = 1;
    ReplayBudget budget;
    // A run's early exit (earlyExitFactor) and rounds (processRounds, finalistsPerSize), which
    // a Sampled replay applies as the run does; the sampling itself is the evaluator's.
    MeasurementSettings measurement;
};

// One evaluation of a replayed search, in the order the strategy asked for them.
struct ReplayStep
{
    Configuration config;
    std::optional<double> observedSeconds; // what the strategy was told; nullopt: it failed
    std::optional<double> trueMeanSeconds; // the recorded mean, whatever the mode
    double costSeconds = 0;                // charged to the time budget
    bool newBest = false;                  // by the observed value
};

// What the run would report as best: its configuration, the median it would report and the
// recorded mean, by which a replay is judged.
struct ReplayPick
{
    Configuration config;
    double observedSeconds = 0;
    std::optional<double> trueMeanSeconds;
    int rounds = 1; // measurements that decided it: the search's, then the extra rounds
};

struct ReplayOutcome
{
    std::string strategy; // the one that searched ("auto" resolved)
    std::vector<ReplayStep> steps;
    std::optional<std::size_t> best; // the step with the best observed time
    double chargedSeconds = 0;       // the recorded cost of every step
    std::string stopReason;          // "400 evaluations", "space exhausted", ...
    // The best observed in Mean mode; in Sampled mode the best of the finalists by the median
    // of their rounds' medians, as a run ranks them (RoundRunner). nullopt: nothing ran ok.
    std::optional<ReplayPick> pick;
};

// Runs a search strategy against a recording instead of a GPU: each configuration the strategy
// proposes is looked up (ReplayEvaluator) and reported back at once, one at a time. The search
// is the one a real run uses (makeStrategy), so what a replay shows about a strategy holds for
// tuning. In Sampled mode a configuration stops sampling early as in a run, and after the
// search the finalists are measured again in rounds; the rounds do not count against the
// budget, as a run's do not. `onStep` hears each step of the search as it is taken.
Expected<ReplayOutcome>
replaySearch(ReplayEvaluator &evaluator, const SearchSpace &space, const ReplaySettings &settings,
             const std::function<void(const ReplayStep &, std::size_t index)> &onStep = {});

// The best recorded mean of the recording: the optimum a replayed search is judged against.
std::optional<double> recordedOptimum(const RecordedSpace &space);

} // namespace tb
