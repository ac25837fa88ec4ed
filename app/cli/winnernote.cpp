#include "winnernote.h"

#include "analysis/winnermargin.h"
#include "model/measurementcaveats.h"
#include "textformat.h"

#include <cmath>
#include <cstdio>

namespace tb {

namespace {

std::string clockPart(const WinnerMargin &margin, const Result &best, const Result &runnerUp)
{
    if (margin.clockStep <= 0)
        return {};
    char text[96];
    std::snprintf(text, sizeof text, " (%s of it: timed at SM clocks %.1f and %.1f MHz)",
                  formatPercent(margin.clockStep).c_str(), effectiveSmClockMhz(best),
                  effectiveSmClockMhz(runnerUp));
    return text;
}

} // namespace

std::string winnerNote(const Spec &spec, const std::vector<const StoredResult *> &ranked)
{
    if (ranked.size() < 2)
        return {};
    const StoredResult &best = *ranked[0];
    const StoredResult &second = *ranked[1];
    const auto margin = winnerMargin(spec, best.result, second.result);
    if (!margin)
        return {};
    // Too few samples leave a median's interval unbounded (kUnboundedRelativeHalfWidth).
    const bool energy = spec.objective.metric == kObjectiveEnergy;
    const bool edp = spec.objective.metric == kObjectiveEdp;
    const std::string what = energy ? "their energies" : edp ? "their products" : "their medians";
    const std::string uncertainty = std::isfinite(margin->uncertainty)
                                        ? "the " + formatPercent(margin->uncertainty) + " " + what +
                                              " are uncertain by" +
                                              clockPart(*margin, best.result, second.result)
                                        : what + "' uncertainty (too few samples to bound it)";
    if (margin->decided())
        return "  best: " + best.configKey + " by " + formatPercent(margin->lead) + " over " +
               second.configKey + ", beyond " + uncertainty + "\n";
    return "  tie: " + best.configKey + " leads " + second.configKey + " by " +
           formatPercent(margin->lead) + ", within " + uncertainty +
           ": either may win another run\n";
}

} // namespace tb
