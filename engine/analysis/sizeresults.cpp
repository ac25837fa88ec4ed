#include "sizeresults.h"

#include <cmath>
#include <cstdint>

namespace tb {

SizeResults collectSizeResults(const std::vector<StoredResult> &results, std::size_t sizeIndex)
{
    SizeResults size;
    for (const StoredResult &stored : results) {
        if (stored.sizeIndex != sizeIndex)
            continue;
        if (compiledOnly(stored.result)) {
            ++size.untimed;
            continue;
        }
        if (stored.result.status == ResultStatus::SkippedByConstraint)
            continue;
        size.recorded.push_back(&stored);
        size.failures += stored.result.status == ResultStatus::Ok ? 0 : 1;
    }
    return size;
}

std::optional<std::string> unexportableReason(const SizeResults &size, std::size_t sizeIndex)
{
    if (size.untimed > 0)
        return std::to_string(size.untimed) + " results of problem size " +
               std::to_string(sizeIndex) + " were compiled but never timed (a compile-only run?)";
    if (size.recorded.empty())
        return "it has no result of problem size " + std::to_string(sizeIndex);
    return std::nullopt;
}

std::string measuringDevice(const RunRecord &run, const std::vector<StoredResult> &results,
                            std::size_t sizeIndex)
{
    for (const StoredResult &stored : results)
        if (stored.sizeIndex == sizeIndex && !stored.result.device.empty())
            return stored.result.device;
    return run.device + (run.host.empty() ? "" : " on " + run.host);
}

nlohmann::ordered_json pythonNumber(double value)
{
    if (std::nearbyint(value) == value && std::fabs(value) < 9007199254740992.0)
        return static_cast<std::int64_t>(value);
    return value;
}

std::string pythonTimestamp(std::string stored)
{
    if (const auto t = stored.find('T'); t != std::string::npos)
        stored[t] = ' ';
    if (!stored.empty() && stored.back() == 'Z')
        stored.replace(stored.size() - 1, 1, "+00:00");
    return stored;
}

} // namespace tb
