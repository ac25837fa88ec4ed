#pragma once

#include "analysis/devicecomparison.h"
#include "tasks/runrecords.h"

#include <optional>
#include <vector>

namespace tb {

struct StoredRun;

// Two runs on different devices (or drivers) and what the engine makes of them
// (compareAcrossDevices()): per problem size of run a, each run's winner and what it costs on
// the other's device. The Compare page only presents it.
struct CrossDevicePair
{
    RunRecord a;
    RunRecord b;
    std::vector<CrossDeviceSize> sizes;
};

// The pair of two runs whose devices differ (differentDevices()); nullopt where they name one
// device, as `tunebench-cli compare` shows its section only then.
std::optional<CrossDevicePair> crossDevicePair(const StoredRun &a, const StoredRun &b);

} // namespace tb
