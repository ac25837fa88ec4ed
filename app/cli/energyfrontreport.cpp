#include "energyfrontreport.h"

#include "textformat.h"

#include "analysis/energyfront.h"
#include "model/resultfigure.h"
#include "space/variables.h"

namespace tb {

namespace {

// The clock the GPU's own timer measured, else NVML's; "-" without either.
std::string clockCell(const Result &result)
{
    const auto clock = result.resource(figures::kSmClockEffectiveMhz)
                           ? result.resource(figures::kSmClockEffectiveMhz)
                           : result.resource(figures::kSmClockMhz);
    return clock && *clock > 0 ? formatNumber(*clock) + " MHz" : "-";
}

std::string tradeLine(const std::vector<StoredResult> &results, const EnergyTrade &trade)
{
    const EnergyPoint &fastest = trade.points[trade.front.front()];
    const EnergyPoint &frugal = trade.points[trade.front.back()];
    if (trade.front.size() == 1)
        return "  " + results[fastest.result].configKey +
               " is both the fastest and the most frugal\n";
    return "  most frugal: " + results[frugal.result].configKey + ", " +
           formatPercent(1 - frugal.joules / fastest.joules) + " less energy for " +
           formatPercent(frugal.seconds / fastest.seconds - 1) + " more time than the fastest, " +
           results[fastest.result].configKey + "\n";
}

std::string renderSize(const Spec &spec, const std::vector<StoredResult> &results, std::size_t size)
{
    const EnergyTrade trade = energyTrade(results, size);
    std::string text = "\nProblem size " + problemSizeLabel(spec, size) + ": time-energy front, " +
                       std::to_string(trade.front.size()) + " of " +
                       std::to_string(trade.points.size()) + " results with energy\n";
    if (trade.front.empty())
        return text;
    TextTable table({"#", "config", "median", "energy", "power", "SM clock"});
    for (std::size_t i = 0; i < trade.front.size(); ++i) {
        const EnergyPoint &point = trade.points[trade.front[i]];
        const StoredResult &stored = results[point.result];
        const auto watts = stored.result.resource(figures::kPowerWatts);
        table.addRow({std::to_string(i + 1), stored.configKey, formatSeconds(point.seconds),
                      formatJoules(point.joules), watts ? formatNumber(*watts) + " W" : "-",
                      clockCell(stored.result)});
    }
    return text + table.render() + tradeLine(results, trade);
}

} // namespace

std::string renderEnergyFront(const Spec &spec, const std::vector<StoredResult> &results)
{
    std::string text;
    bool anyEnergy = false;
    for (std::size_t size = 0; size < spec.sizes.values.size(); ++size) {
        anyEnergy = anyEnergy || !energyTrade(results, size).points.empty();
        text += renderSize(spec, results, size);
    }
    return anyEnergy ? text : std::string();
}

} // namespace tb
