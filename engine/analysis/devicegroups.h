#pragma once

#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// A run's results measured on one device model (Result::device: a GPU's name, a CPU worker's
// "cpu: MODEL"). Results of different models are never ranked together: a run over mixed
// nodes is ranked once per group, by the CLI's `show` and the workbench's Results page alike
// (the page follows a live run with DeviceModelTally, the rule this grouping keeps).
struct DeviceGroup
{
    std::string device; // empty: results no device measured (failed compiles)
    std::vector<StoredResult> results;
};

// The results by device model, in the order each model first appears, then those that name
// none. One group (all the results, whatever their device) where at most one model is named:
// nothing to tell apart.
std::vector<DeviceGroup> groupByDeviceModel(const std::vector<StoredResult> &results);

// How many distinct hosts the results name (imported ones name none).
std::size_t hostCount(const std::vector<StoredResult> &results);

} // namespace tb
