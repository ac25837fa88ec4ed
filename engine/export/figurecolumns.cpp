#include "figurecolumns.h"

#include <algorithm>
#include <array>
#include <utility>

namespace tb {

namespace {

// Key -> column, in column order. Keep in step with what the backends store (cudaresources.cpp,
// cudabackend.cpp, cudameasurement.cpp, gpuclockmonitor.cpp, smclockprobe.cpp, the CPU
// backend's host load).
constexpr std::array<std::pair<const char *, const char *>, 23> kFigures{{
    {"registers", "registers_per_thread"},
    {"spill_stores", "spill_stores_bytes"},
    {"spill_loads", "spill_loads_bytes"},
    {"stack_frame", "stack_frame_bytes"},
    {"local_memory", "local_memory_bytes"},
    {"static_shared", "static_shared_bytes"},
    {"dynamic_shared", "dynamic_shared_bytes"},
    {"constant_memory", "constant_memory_bytes"},
    {"barriers", "barriers"},
    {"threads_per_block", "threads_per_block"},
    {"blocks_per_sm", "blocks_per_sm"},
    {"warps_per_sm", "warps_per_sm"},
    {"occupancy", "occupancy_fraction"},
    {"sm_clock_mhz", "sm_clock_mhz"},
    {"sm_clock_effective_mhz", "sm_clock_effective_mhz"},
    {"event_median_s", "event_median_s"},
    {"cupti_record_offset_s", "cupti_record_offset_s"},
    {"context_switches", "context_switches"},
    {"other_cpu_load", "other_cpu_load_cpus"},
    {"throttle_reasons", "throttle_reasons_bits"},
    {"throttled", "throttled_flag"},
    {"clock_mismatch", "clock_mismatch_flag"},
    {"cupti_unavailable", "cupti_unavailable_flag"},
}};

std::size_t rank(const std::string &key)
{
    const auto found = std::find_if(kFigures.begin(), kFigures.end(),
                                    [&key](const auto &figure) { return key == figure.first; });
    return static_cast<std::size_t>(found - kFigures.begin());
}

} // namespace

std::string figureColumnName(const std::string &key)
{
    const std::size_t at = rank(key);
    return at < kFigures.size() ? kFigures[at].second : key;
}

std::vector<std::string> orderFigureKeys(const std::vector<std::string> &keys)
{
    std::vector<std::string> ordered = keys;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const std::string &a, const std::string &b) {
                         const std::size_t ra = rank(a);
                         const std::size_t rb = rank(b);
                         return ra != rb ? ra < rb : a < b;
                     });
    return ordered;
}

} // namespace tb
