#include "energyuse.h"

#include "space/expression.h"
#include "space/variables.h"

#include <algorithm>

namespace tb {

std::optional<EnergyUse> energyUse(const Spec &spec)
{
    const std::string &objective = spec.objective.metric;
    if (isEnergyObjective(objective))
        return EnergyUse{"/objective/metric", "the objective '" + objective + "'"};
    const auto names = metricVariableNames(spec);
    for (std::size_t i = 0; i < spec.metrics.size(); ++i) {
        const auto expression = Expression::compile(spec.metrics[i].expression, names);
        if (!expression) // reported by SpecChecker
            continue;
        const auto &used = expression->usedVariables();
        if (std::find(used.begin(), used.end(), kEnergyVariable) != used.end())
            return EnergyUse{"/metrics/" + std::to_string(i) + "/expression",
                             "metric '" + spec.metrics[i].name + "'"};
    }
    return std::nullopt;
}

} // namespace tb
