#include "bestpersize.h"

#include <cmath>
#include <limits>

namespace tb {

double objectiveValue(const Spec &spec, const Result &result)
{
    if (spec.objective.metric == "time")
        return result.summary.count > 0 ? result.summary.median
                                        : std::numeric_limits<double>::quiet_NaN();
    const auto found = result.metrics.find(spec.objective.metric);
    return found == result.metrics.end() ? std::numeric_limits<double>::quiet_NaN() : found->second;
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
