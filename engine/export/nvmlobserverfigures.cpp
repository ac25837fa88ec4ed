#include "nvmlobserverfigures.h"

#include "kerneltunerformat.h"
#include "model/resultfigure.h"

#include <cmath>

namespace tb {

std::vector<NvmlObserverFigure> nvmlObserverFigures(const Result &result)
{
    // Tunebench's figures are in Kernel Tuner's units already: J per launch, W, MHz.
    struct Source
    {
        const char *figure;
        const char *name;
        const char *unit;
    };
    static constexpr Source kSources[] = {
        {figures::kEnergyJoules, kerneltuner::kEnergyField, "J"},
        {figures::kPowerWatts, kerneltuner::kPowerField, "W"},
        {figures::kSmClockMhz, kerneltuner::kCoreClockField, "MHz"},
    };
    std::vector<NvmlObserverFigure> found;
    for (const Source &source : kSources)
        if (const auto value = result.resource(source.figure); value && std::isfinite(*value))
            found.push_back({source.name, *value, source.unit});
    return found;
}

} // namespace tb
