#include "winnermargin.h"

#include "bestpersize.h"
#include "measure/statistics.h"
#include "model/measurementcaveats.h"

#include <cmath>
#include <limits>

namespace tb {

namespace {

bool usable(double value)
{
    return std::isfinite(value) && value > 0;
}

double clockStep(const Result &best, const Result &runnerUp)
{
    const double first = effectiveSmClockMhz(best);
    const double second = effectiveSmClockMhz(runnerUp);
    // Both must be known: a result without a clock says nothing about a step.
    return first > 0 && second > 0 ? clockStepBetween({first, second}) : 0;
}

// The margin of two objective values, each with its relative uncertainty.
std::optional<WinnerMargin> marginOf(double bestValue, double otherValue, bool minimize,
                                     double bestUncertainty, double otherUncertainty,
                                     const Result &best, const Result &runnerUp)
{
    if (!usable(bestValue) || !usable(otherValue))
        return std::nullopt;
    WinnerMargin margin;
    // timeDifference()'s convention: the runner-up's time over the best's, minus one (for a
    // maximised metric, proportional to 1 / time: the best's value over the runner-up's).
    margin.lead = minimize ? otherValue / bestValue - 1 : bestValue / otherValue - 1;
    margin.clockStep = clockStep(best, runnerUp);
    // A sum with kUnboundedRelativeHalfWidth would still look finite to the readers.
    const bool bounded =
        isBoundedHalfWidth(bestUncertainty) && isBoundedHalfWidth(otherUncertainty);
    margin.uncertainty = bounded ? bestUncertainty + otherUncertainty + margin.clockStep
                                 : std::numeric_limits<double>::infinity();
    return margin;
}

} // namespace

std::optional<WinnerMargin> winnerMargin(const Spec &spec, const Result &best,
                                         const Result &runnerUp)
{
    return marginOf(objectiveValue(spec, best), objectiveValue(spec, runnerUp),
                    spec.objective.minimize, objectiveUncertainty(spec, best),
                    objectiveUncertainty(spec, runnerUp), best, runnerUp);
}

std::optional<WinnerMargin> winnerMargin(double bestValue, double otherValue, bool minimize,
                                         const std::string &objectiveMetric, const Result &best,
                                         const Result &runnerUp)
{
    return marginOf(bestValue, otherValue, minimize, objectiveUncertainty(objectiveMetric, best),
                    objectiveUncertainty(objectiveMetric, runnerUp), best, runnerUp);
}

std::optional<StoredResult> runnerUp(const Spec &spec, const std::vector<StoredResult> &results,
                                     std::size_t sizeIndex, std::int64_t bestId)
{
    std::vector<StoredResult> others;
    for (const StoredResult &stored : results)
        if (stored.sizeIndex == sizeIndex && stored.id != bestId)
            others.push_back(stored);
    auto best = bestPerSize(spec, others);
    return sizeIndex < best.size() ? best[sizeIndex] : std::nullopt;
}

} // namespace tb
