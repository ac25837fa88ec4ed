#include "energyrounds.h"

#include "measure/roundsummary.h"
#include "measure/statistics.h"
#include "model/resultfigure.h"

#include <algorithm>
#include <vector>

namespace tb {

namespace {

std::vector<double> valuesOf(std::span<const Result *const> rounds, const char *key)
{
    std::vector<double> values;
    for (const Result *round : rounds)
        if (const auto value = round->resource(key))
            values.push_back(*value);
    return values;
}

} // namespace

void combineEnergyRounds(std::span<const Result *const> rounds, Result &combined)
{
    const auto energies = valuesOf(rounds, figures::kEnergyJoules);
    if (energies.empty())
        return;
    const double energy = unsortedMedian(energies);
    combined.resources[figures::kEnergyJoules] = energy;
    for (const char *key : {figures::kPowerWatts, figures::kEnergyLaunchSeconds})
        if (const auto values = valuesOf(rounds, key); !values.empty())
            combined.resources[key] = unsortedMedian(values);
    const auto uncertainties = valuesOf(rounds, figures::kEnergyUncertainty);
    const double own = uncertainties.empty() ? 0.0 : unsortedMedian(uncertainties);
    combined.resources[figures::kEnergyUncertainty] =
        std::max(own, relativeSpread(energies, energy) / 2);
}

} // namespace tb
