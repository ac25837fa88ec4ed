#include "roundagreement.h"

#include "roundsummary.h"
#include "statistics.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace tb {

namespace {

// The spread of the medians relative to their median: the figure both functions judge.
double spreadOf(std::span<const double> medians)
{
    std::vector<double> sorted(medians.begin(), medians.end());
    std::sort(sorted.begin(), sorted.end());
    return relativeSpread(sorted, sortedMedian(sorted));
}

} // namespace

bool roundsDisagree(std::span<const double> medians, double agreeWithin)
{
    return medians.size() >= 2 && spreadOf(medians) > agreeWithin;
}

std::string roundsDisagreementCaveat(std::span<const double> medians, double agreeWithin)
{
    if (!roundsDisagree(medians, agreeWithin))
        return {};
    char text[220];
    std::snprintf(text, sizeof text,
                  "its %zu process rounds disagree by %.1f%%, beyond the %.2g%% target: its time "
                  "depends on the process that measured it",
                  medians.size(), 100.0 * spreadOf(medians), 100.0 * agreeWithin);
    return text;
}

} // namespace tb
