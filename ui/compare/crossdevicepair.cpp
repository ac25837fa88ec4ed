#include "crossdevicepair.h"

#include "tasks/storedrun.h"

namespace tb {

std::optional<CrossDevicePair> crossDevicePair(const StoredRun &a, const StoredRun &b)
{
    if (!differentDevices(a.record, b.record))
        return std::nullopt;
    return CrossDevicePair{a.record, b.record,
                           compareAcrossDevices(a.spec, a.results, b.spec, b.results)};
}

} // namespace tb
