#include "devicegroups.h"

#include "devicemodeltally.h"

#include <algorithm>
#include <set>

namespace tb {

std::vector<DeviceGroup> groupByDeviceModel(const std::vector<StoredResult> &results)
{
    DeviceModelTally tally;
    for (const StoredResult &stored : results)
        tally.add(stored.result.device);
    if (!tally.mixed())
        return {{tally.models().empty() ? std::string() : tally.models().front().device, results}};
    std::vector<DeviceGroup> groups;
    for (const DeviceModelTally::Model &model : tally.models())
        groups.push_back({model.device, {}});
    DeviceGroup unmeasured;
    for (const StoredResult &stored : results) {
        auto group = std::find_if(groups.begin(), groups.end(), [&](const DeviceGroup &g) {
            return g.device == stored.result.device;
        });
        (group == groups.end() ? unmeasured : *group).results.push_back(stored);
    }
    if (!unmeasured.results.empty())
        groups.push_back(std::move(unmeasured));
    return groups;
}

std::size_t hostCount(const std::vector<StoredResult> &results)
{
    std::set<std::string> hosts;
    for (const StoredResult &stored : results)
        if (!stored.result.host.empty())
            hosts.insert(stored.result.host);
    return hosts.size();
}

} // namespace tb
