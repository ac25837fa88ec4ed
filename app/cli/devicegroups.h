#pragma once

#include "storage/store.h"

#include <string>
#include <vector>

namespace tb {

// A run's results measured on one device model (Result::device: a GPU's name, a CPU worker's
// "cpu: MODEL"). Results of different models are never ranked together: a run over mixed
// nodes is ranked once per group.
struct DeviceGroup
{
    std::string device; // empty: results no device measured (failed compiles)
    std::vector<StoredResult> results;
};

// The results by device model, in the order each model first appears. One group (all the
// results, whatever their device) where at most one model is named: nothing to tell apart.
std::vector<DeviceGroup> groupByDeviceModel(const std::vector<StoredResult> &results);

// How many distinct hosts the results name (imported ones name none).
std::size_t hostCount(const std::vector<StoredResult> &results);

} // namespace tb
