#include "energyfront.h"

#include "model/resultfigure.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tb {

std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>> &timeEnergy)
{
    std::vector<std::size_t> order(timeEnergy.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // By time, then energy: a point is on the front when it uses less energy than every point
    // before it.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return timeEnergy[a] < timeEnergy[b]; });
    std::vector<std::size_t> front;
    double leastEnergy = INFINITY;
    for (const std::size_t index : order) {
        if (timeEnergy[index].second < leastEnergy) {
            front.push_back(index);
            leastEnergy = timeEnergy[index].second;
        }
    }
    return front;
}

EnergyTrade energyTrade(const std::vector<StoredResult> &results, std::size_t sizeIndex)
{
    EnergyTrade trade;
    std::vector<std::pair<double, double>> pairs;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Result &result = results[i].result;
        const auto joules = result.resource(figures::kEnergyJoules);
        const double seconds = result.summary.median;
        if (results[i].sizeIndex != sizeIndex || result.status != ResultStatus::Ok || !joules ||
            !(*joules > 0) || !std::isfinite(*joules) || !(seconds > 0) || !std::isfinite(seconds))
            continue;
        trade.points.push_back({i, seconds, *joules, false});
        pairs.emplace_back(seconds, *joules);
    }
    trade.front = paretoFront(pairs);
    for (const std::size_t index : trade.front)
        trade.points[index].onFront = true;
    return trade;
}

} // namespace tb
