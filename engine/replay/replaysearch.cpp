#include "replaysearch.h"

#include "measure/statistics.h"
#include "search/bestsofar.h"
#include "search/searchstrategy.h"
#include "search/strategychoice.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tb {

namespace {

// Why the search must stop before the next evaluation, or "" to go on.
std::string budgetSpent(const ReplayBudget &budget, const ReplayOutcome &outcome,
                        const BestSoFar &bestSoFar)
{
    const auto evaluations = static_cast<std::int64_t>(outcome.steps.size());
    if (budget.evaluations > 0 && evaluations >= budget.evaluations)
        return std::to_string(evaluations) + " evaluations";
    if (budget.seconds > 0 && outcome.chargedSeconds >= budget.seconds)
        return std::to_string(outcome.chargedSeconds) + " recorded seconds";
    const std::int64_t sinceBest = bestSoFar.sinceBest();
    if (budget.stopAfterNoImprovement > 0 && sinceBest >= budget.stopAfterNoImprovement)
        return std::to_string(sinceBest) + " evaluations without improvement";
    return {};
}

// The run's early exit: a configuration stops sampling once it is clearly slower than
// `factor` times the best median so far (0: no early exit yet).
double stopAbove(const ReplayEvaluator &evaluator, const MeasurementSettings &measurement,
                 const ReplayOutcome &outcome)
{
    if (evaluator.mode() != ReplayMode::Sampled || measurement.earlyExitFactor <= 0 ||
        !outcome.best)
        return 0;
    return measurement.earlyExitFactor * *outcome.steps[*outcome.best].observedSeconds;
}

// What the run would report: in Sampled mode its `finalistsPerSize` best observed measured
// again in `processRounds - 1` rounds of fresh draws, ranked by the median of their rounds'
// medians (roundsummary.h); in Mean mode the best observed, which rounds would not change.
std::optional<ReplayPick> pickFinalist(ReplayEvaluator &evaluator, const ReplayOutcome &outcome,
                                       const MeasurementSettings &measurement)
{
    std::vector<const ReplayStep *> ok;
    for (const ReplayStep &step : outcome.steps)
        if (step.observedSeconds)
            ok.push_back(&step);
    if (ok.empty())
        return std::nullopt;
    std::stable_sort(ok.begin(), ok.end(), [](const ReplayStep *a, const ReplayStep *b) {
        return *a->observedSeconds < *b->observedSeconds;
    });
    const bool sampled = evaluator.mode() == ReplayMode::Sampled;
    const int rounds = sampled ? std::max(1, measurement.processRounds) : 1;
    const std::size_t finalists =
        sampled ? std::min(ok.size(),
                           static_cast<std::size_t>(std::max(1, measurement.finalistsPerSize)))
                : 1;
    std::optional<ReplayPick> pick;
    for (std::size_t i = 0; i < finalists; ++i) {
        std::vector<double> medians{*ok[i]->observedSeconds};
        for (int round = 1; round < rounds; ++round)
            if (auto again = evaluator.evaluate(ok[i]->config).objectiveSeconds)
                medians.push_back(*again);
        const double combined = unsortedMedian(medians);
        if (!pick || combined < pick->observedSeconds)
            pick = ReplayPick{ok[i]->config, combined, ok[i]->trueMeanSeconds, rounds};
    }
    return pick;
}

} // namespace

Expected<ReplayOutcome>
replaySearch(ReplayEvaluator &evaluator, const SearchSpace &space, const ReplaySettings &settings,
             const std::function<void(const ReplayStep &, std::size_t)> &onStep)
{
    const SearchBudget budget{settings.budget.evaluations, settings.budget.seconds,
                              settings.budget.stopAfterNoImprovement};
    const std::string resolved = resolveStrategyName(settings.strategy, space.validCount(), budget);
    auto strategy = makeStrategy(resolved, space, settings.seed, settings.options);
    if (!strategy)
        return strategy.error();
    ReplayOutcome outcome;
    outcome.strategy = resolved;
    BestSoFar bestSoFar;
    for (;;) {
        if (auto spent = budgetSpent(settings.budget, outcome, bestSoFar); !spent.empty()) {
            outcome.stopReason = spent;
            break;
        }
        auto config = (*strategy)->next();
        if (!config) {
            // One evaluation at a time: nothing is outstanding, so nullopt means done.
            outcome.stopReason = "space exhausted";
            break;
        }
        const ReplayEvaluation evaluation =
            evaluator.evaluate(*config, stopAbove(evaluator, settings.measurement, outcome));
        ReplayStep step;
        step.config = *config;
        step.observedSeconds = evaluation.objectiveSeconds;
        step.trueMeanSeconds = evaluation.trueMeanSeconds;
        step.costSeconds = evaluation.costSeconds;
        step.newBest = bestSoFar.offer(step.observedSeconds);
        (*strategy)->report(*config, step.observedSeconds);
        outcome.chargedSeconds += step.costSeconds;
        if (step.newBest)
            outcome.best = outcome.steps.size();
        outcome.steps.push_back(std::move(step));
        if (onStep)
            onStep(outcome.steps.back(), outcome.steps.size() - 1);
    }
    outcome.pick = pickFinalist(evaluator, outcome, settings.measurement);
    return outcome;
}

std::optional<double> recordedOptimum(const RecordedSpace &space)
{
    std::optional<double> best;
    for (const auto &recorded : space.configurations)
        if (recorded.seconds && (!best || *recorded.seconds < *best))
            best = recorded.seconds;
    return best;
}

} // namespace tb
