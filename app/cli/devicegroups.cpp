#include "devicegroups.h"

#include <algorithm>
#include <set>

namespace tb {

std::vector<DeviceGroup> groupByDeviceModel(const std::vector<StoredResult> &results)
{
    std::vector<DeviceGroup> groups;
    for (const StoredResult &stored : results) {
        const std::string &device = stored.result.device;
        if (device.empty())
            continue;
        const bool known = std::any_of(groups.begin(), groups.end(),
                                       [&](const DeviceGroup &g) { return g.device == device; });
        if (!known)
            groups.push_back({device, {}});
    }
    if (groups.size() <= 1)
        return {{groups.empty() ? std::string() : groups.front().device, results}};
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
