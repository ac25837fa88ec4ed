#include "bestpersize.h"

#include "measure/statistics.h"
#include "model/resultfigure.h"

#include <cmath>
#include <limits>

namespace tb {

double objectiveValue(const Spec &spec, const Result &result)
{
    constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    const std::string &objective = spec.objective.metric;
    if (isBuiltInObjective(objective)) {
        const double time = result.summary.count > 0 ? result.summary.median : kNone;
        if (objective == kObjectiveTime)
            return time;
        const double energy = result.resource(figures::kEnergyJoules).value_or(kNone);
        return objective == kObjectiveEnergy ? energy : energy * time;
    }
    const auto found = result.metrics.find(spec.objective.metric);
    return found == result.metrics.end() ? std::numeric_limits<double>::quiet_NaN() : found->second;
}

double objectiveUncertainty(const Spec &spec, const Result &result)
{
    return objectiveUncertainty(spec.objective.metric, result);
}

double objectiveUncertainty(const std::string &objective, const Result &result)
{
    const double time = result.summary.relativeHalfWidth;
    if (!isEnergyObjective(objective))
        return time;
    const auto energy = result.resource(figures::kEnergyUncertainty);
    if (!energy || !isBoundedHalfWidth(time))
        return kUnboundedRelativeHalfWidth;
    return objective == kObjectiveEnergy ? *energy : *energy + time;
}

std::size_t problemSizeCount(const Spec &spec)
{
    return spec.sizes.values.empty() ? 1 : spec.sizes.values.size();
}

std::vector<std::optional<StoredResult>> bestPerSize(const Spec &spec,
                                                     const std::vector<StoredResult> &results)
{
    std::vector<std::optional<StoredResult>> best(problemSizeCount(spec));
    std::vector<double> bestValue(best.size(), std::numeric_limits<double>::quiet_NaN());
    for (const StoredResult &stored : results) {
        if (stored.result.status != ResultStatus::Ok || stored.sizeIndex >= best.size())
            continue;
        const double value = objectiveValue(spec, stored.result);
        if (std::isnan(value))
            continue;
        double &current = bestValue[stored.sizeIndex];
        const bool better =
            std::isnan(current) || (spec.objective.minimize ? value < current : value > current);
        if (better) {
            current = value;
            best[stored.sizeIndex] = stored;
        }
    }
    return best;
}

} // namespace tb
