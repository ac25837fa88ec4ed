#include "kernelrecords.h"

#include <algorithm>
#include <array>
#include <map>

namespace tb {

namespace {

// Tunebench's kernels launched between the measured ones (l2flusher.cpp, contextswitcher.cpp).
constexpr std::array<std::string_view, 2> kBesideMeasurement{"tb_l2_flush", "tb_context_switch"};

bool besideMeasurement(const KernelRecord &record)
{
    return std::find(kBesideMeasurement.begin(), kBesideMeasurement.end(), record.name) !=
           kBesideMeasurement.end();
}

std::string shapeText(const LaunchShape &shape)
{
    auto triple = [](const std::array<std::uint64_t, 3> &value) {
        return std::to_string(value[0]) + "x" + std::to_string(value[1]) + "x" +
               std::to_string(value[2]);
    };
    return "grid " + triple(shape.grid) + ", block " + triple(shape.block) + ", " +
           std::to_string(shape.dynamicSharedBytes) + " B dynamic shared";
}

// "name (geometry) x count" of every kernel among the records, so a mismatch says what CUPTI
// did report.
std::string recordsSeen(std::span<const KernelRecord> records)
{
    std::map<std::string, std::size_t> counts;
    for (const auto &record : records)
        ++counts[record.name + " (" + shapeText(record.shape) + ")"];
    if (counts.empty())
        return "no kernel records";
    std::string text = "records of ";
    for (const auto &[name, count] : counts) {
        if (text.size() > 800) {
            text += ", ...";
            break;
        }
        text += (text.size() > 11 ? ", " : "") + name + " x " + std::to_string(count);
    }
    return text;
}

} // namespace

Expected<std::vector<double>> kernelDurations(std::span<const KernelRecord> records,
                                              const TimedLaunch &launch, std::size_t expected)
{
    std::vector<const KernelRecord *> matching;
    for (const auto &record : records)
        if (record.shape == launch.shape && !besideMeasurement(record))
            matching.push_back(&record);
    if (matching.size() != expected)
        return makeError(EngineError::Code::Internal,
                         "CUPTI reported " + std::to_string(matching.size()) + " launches of " +
                             launch.symbol + " (" + shapeText(launch.shape) + "), expected " +
                             std::to_string(expected) + " (" + recordsSeen(records) + ")");
    std::stable_sort(
        matching.begin(), matching.end(),
        [](const KernelRecord *a, const KernelRecord *b) { return a->start < b->start; });
    std::vector<double> seconds;
    seconds.reserve(matching.size());
    for (const KernelRecord *record : matching) {
        if ((record->start == 0 && record->end == 0) || record->end < record->start)
            return makeError(EngineError::Code::Internal,
                             "CUPTI has no valid timestamps for launch " +
                                 std::to_string(record->correlationId) + " of " + launch.symbol);
        seconds.push_back(static_cast<double>(record->end - record->start) * 1e-9);
    }
    return seconds;
}

} // namespace tb
