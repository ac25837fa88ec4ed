#pragma once

#include "storage/storerecords.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace tb {

// One problem size's trade between time and energy (issue 39): every ok result that has an
// energy figure, and the Pareto front among them, the results no other one beats on both its
// median time and its energy per launch. With the GPU clock as a parameter, the front runs
// from the fastest configuration to the most frugal one.
struct EnergyPoint
{
    std::size_t result = 0; // index into the results given
    double seconds = 0;     // the median
    double joules = 0;      // per launch
    bool onFront = false;
};

struct EnergyTrade
{
    std::vector<EnergyPoint> points; // in the results' order
    std::vector<std::size_t> front;  // indices into points, fastest first
};

// The indices of the pairs (time, energy) that no other pair matches or beats on both, fastest
// first; of two equal pairs, the first. Pure.
std::vector<std::size_t> paretoFront(const std::vector<std::pair<double, double>> &timeEnergy);

EnergyTrade energyTrade(const std::vector<StoredResult> &results, std::size_t sizeIndex);

} // namespace tb
