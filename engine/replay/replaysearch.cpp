#include "replaysearch.h"

#include "search/bestsofar.h"
#include "search/searchstrategy.h"
#include "search/strategychoice.h"

#include <string>

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
        const ReplayEvaluation evaluation = evaluator.evaluate(*config);
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
