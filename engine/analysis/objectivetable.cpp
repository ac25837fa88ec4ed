#include "objectivetable.h"

#include "bestpersize.h"

#include <cmath>
#include <limits>

namespace tb {

void ObjectiveTable::add(const std::vector<double> &configValues, double objective, bool failedRow)
{
    if (objectives.empty() && parameterCount == 0)
        parameterCount = configValues.size();
    for (std::size_t parameter = 0; parameter < parameterCount; ++parameter)
        values.push_back(parameter < configValues.size()
                             ? configValues[parameter]
                             : std::numeric_limits<double>::quiet_NaN());
    objectives.push_back(objective);
    failed.push_back(failedRow);
}

ObjectiveTable objectiveTable(const Spec &spec, const std::vector<StoredResult> &results,
                              std::size_t sizeIndex)
{
    ObjectiveTable table;
    table.parameterCount = spec.parameters.size();
    for (const StoredResult &stored : results) {
        if (stored.sizeIndex != sizeIndex)
            continue;
        // A compiled-only result has no time: it ran, but says nothing of the objective.
        const bool measured =
            stored.result.status == ResultStatus::Ok && !compiledOnly(stored.result);
        table.add(stored.config.values,
                  measured ? objectiveValue(spec, stored.result)
                           : std::numeric_limits<double>::quiet_NaN(),
                  stored.result.status != ResultStatus::Ok);
    }
    return table;
}

} // namespace tb
