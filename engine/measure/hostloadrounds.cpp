#include "hostloadrounds.h"

#include "model/resultfigure.h"

#include <algorithm>
#include <optional>

namespace tb {

void combineHostLoadRounds(std::span<const Result *const> rounds, Result &combined)
{
    for (const char *key : {figures::kOtherCpuLoad, figures::kCpuPressure, figures::kCpuWait}) {
        std::optional<double> highest;
        for (const Result *round : rounds)
            if (const auto value = round->resource(key))
                highest = std::max(highest.value_or(*value), *value);
        if (highest)
            combined.resources[key] = *highest;
    }
}

} // namespace tb
