#include "kernelrecords.h"

#include <algorithm>

namespace tb {

Expected<std::vector<double>> kernelDurations(std::span<const KernelRecord> records,
                                              std::string_view name, std::size_t expected)
{
    std::vector<const KernelRecord *> matching;
    for (const auto &record : records)
        if (record.name == name)
            matching.push_back(&record);
    if (matching.size() != expected)
        return makeError(EngineError::Code::Internal,
                         "CUPTI reported " + std::to_string(matching.size()) + " launches of " +
                             std::string(name) + ", expected " + std::to_string(expected));
    std::stable_sort(
        matching.begin(), matching.end(),
        [](const KernelRecord *a, const KernelRecord *b) { return a->start < b->start; });
    std::vector<double> seconds;
    seconds.reserve(matching.size());
    for (const KernelRecord *record : matching) {
        if ((record->start == 0 && record->end == 0) || record->end < record->start)
            return makeError(EngineError::Code::Internal,
                             "CUPTI has no valid timestamps for launch " +
                                 std::to_string(record->correlationId) + " of " +
                                 std::string(name));
        seconds.push_back(static_cast<double>(record->end - record->start) * 1e-9);
    }
    return seconds;
}

} // namespace tb
