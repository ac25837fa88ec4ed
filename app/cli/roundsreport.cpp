#include "roundsreport.h"

#include "measure/roundagreement.h"
#include "measure/roundsummary.h"
#include "model/measurementcaveats.h"
#include "textformat.h"

#include <cstdio>
#include <map>

namespace tb {

namespace {

// ", beyond the 1% target": the spec's target as `tune` announces it (ConsoleReporter), so a
// target of 0.0001% does not read as 0.0%.
std::string targetText(double agreeWithin)
{
    char text[64];
    std::snprintf(text, sizeof text, ", beyond the %.2g%% target", 100.0 * agreeWithin);
    return text;
}

std::string roundsLine(const StoredResult &stored, const std::vector<const StoredRound *> &rounds,
                       double agreeWithin)
{
    std::string line = "  rounds of " + stored.configKey + ":";
    std::vector<double> medians;
    std::vector<double> clocks;
    for (const StoredRound *round : rounds)
        clocks.push_back(effectiveSmClockMhz(round->result));
    const bool namesClocks = atDifferentClockSteps(clocks);
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        const Result &result = rounds[i]->result;
        line += i == 0 ? " " : " | ";
        if (result.status == ResultStatus::Ok && result.summary.count > 0) {
            line += formatSeconds(result.summary.median) +
                    (namesClocks ? clockText(effectiveSmClockMhz(result)) : "");
            medians.push_back(result.summary.median);
        } else {
            line += toString(result.status);
        }
    }
    line += " -> " + formatSeconds(stored.result.summary.median);
    if (medians.size() > 1 && stored.result.summary.median > 0)
        line += " (spread " +
                formatPercent(relativeSpread(medians, stored.result.summary.median), false, 1) +
                (roundsDisagree(medians, agreeWithin) ? targetText(agreeWithin) : "") + ")";
    return line + "\n";
}

} // namespace

std::string roundsNote(const std::vector<const StoredResult *> &shown, std::size_t count,
                       const std::vector<StoredRound> &rounds, double agreeWithin)
{
    std::map<std::int64_t, std::vector<const StoredRound *>> byResult;
    for (const auto &round : rounds)
        byResult[round.resultId].push_back(&round);
    std::string note;
    for (std::size_t i = 0; i < shown.size() && i < count; ++i) {
        const auto found = byResult.find(shown[i]->id);
        if (found != byResult.end() && found->second.size() > 1)
            note += roundsLine(*shown[i], found->second, agreeWithin);
    }
    return note;
}

} // namespace tb
