#include "measurementcaveats.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

namespace tb {

namespace {

bool flagged(const Result &result, const char *key)
{
    return result.resource(key).value_or(0) == 1;
}

void addWideConfidenceCaveat(const Result &result, std::vector<std::string> &caveats)
{
    const double halfWidth = wideConfidenceHalfWidth(result);
    if (halfWidth == 0)
        return;
    char text[300];
    if (const auto above = result.resource(figures::kStoppedEarlyAboveSeconds)) {
        std::snprintf(text, sizeof text,
                      "its median is known only to +-%.0f%% (95%% confidence): sampling stopped "
                      "early, as it was surely slower than %.3g s; enough to rank it out, not "
                      "to quote its time",
                      halfWidth * 100, *above);
    } else {
        std::snprintf(text, sizeof text,
                      "its median is known only to +-%.0f%% (95%% confidence): the samples "
                      "scatter too widely for their number; measure it longer (max_samples, "
                      "max_seconds_per_config) before trusting the time",
                      halfWidth * 100);
    }
    caveats.emplace_back(text);
}

} // namespace

double wideConfidenceHalfWidth(const Result &result)
{
    const double halfWidth = result.summary.relativeHalfWidth;
    const bool timed = result.status == ResultStatus::Ok && result.summary.count > 0;
    const bool bounded = std::isfinite(halfWidth) && halfWidth < std::numeric_limits<double>::max();
    return timed && bounded && halfWidth > kWideConfidenceCaveat ? halfWidth : 0;
}

std::vector<std::string> measurementCaveats(const Result &result)
{
    std::vector<std::string> caveats;
    char text[200];
    if (flagged(result, figures::kThrottled)) {
        const auto reasons =
            static_cast<std::uint64_t>(result.resource(figures::kThrottleReasons).value_or(0));
        std::snprintf(text, sizeof text,
                      "measured while the GPU slowed down (NVML clocks-event reasons 0x%llx)",
                      static_cast<unsigned long long>(reasons));
        caveats.emplace_back(text);
    }
    if (flagged(result, figures::kClockMismatch)) {
        std::snprintf(text, sizeof text,
                      "timed at %.1f MHz by the GPU's own timer while NVML reported %.0f MHz: "
                      "compare it only with results timed at the same clock",
                      effectiveSmClockMhz(result),
                      result.resource(figures::kSmClockMhz).value_or(0));
        caveats.emplace_back(text);
    }
    if (const double load = result.resource(figures::kOtherCpuLoad).value_or(0);
        load >= kOtherCpuLoadCaveat) {
        std::snprintf(text, sizeof text,
                      "measured while other processes kept %.1f CPUs busy: a kernel that shares "
                      "memory bandwidth or caches with them may have run slower",
                      load);
        caveats.emplace_back(text);
    }
    if (const double pressure = result.resource(figures::kCpuPressure).value_or(0);
        pressure >= kCpuPressureCaveat) {
        std::snprintf(text, sizeof text,
                      "measured while tasks waited for a CPU %.0f%% of the time: the machine had "
                      "more work than CPUs, so the kernel may have shared its core",
                      pressure * 100);
        caveats.emplace_back(text);
    }
    if (measuredWithoutItsCpu(result)) {
        std::snprintf(text, sizeof text,
                      "the measuring thread waited for its CPU %.0f%% of the time: another "
                      "process ran on its core, so its samples read slower",
                      result.resource(figures::kCpuWait).value_or(0) * 100);
        caveats.emplace_back(text);
    }
    addWideConfidenceCaveat(result, caveats);
    return caveats;
}

bool measuredWithoutItsCpu(const Result &result)
{
    return result.resource(figures::kCpuWait).value_or(0) >= kCpuWaitCaveat;
}

bool measuredOnBusyHost(const Result &result)
{
    return !busyHostReason(result).empty();
}

std::string busyHostReason(const Result &result)
{
    char text[128];
    const double load = result.resource(figures::kOtherCpuLoad).value_or(0);
    const double pressure = result.resource(figures::kCpuPressure).value_or(0);
    if (measuredWithoutItsCpu(result))
        std::snprintf(text, sizeof text,
                      "the measuring thread waited for its CPU %.0f%% of the time",
                      result.resource(figures::kCpuWait).value_or(0) * 100);
    else if (load >= kOtherCpuLoadCaveat)
        std::snprintf(text, sizeof text, "other processes kept %.1f CPUs busy", load);
    else if (pressure >= kCpuPressureCaveat)
        std::snprintf(text, sizeof text, "tasks waited for a CPU %.0f%% of the time",
                      pressure * 100);
    else
        return {};
    return text;
}

double clockStepBetween(const std::vector<double> &clocksMhz)
{
    double low = 0;
    double high = 0;
    for (const double clock : clocksMhz) {
        if (clock <= 0)
            continue;
        low = low > 0 ? std::min(low, clock) : clock;
        high = std::max(high, clock);
    }
    const double span = low > 0 ? high / low - 1 : 0;
    return span > kClockStepResolution ? span : 0;
}

bool atDifferentClockSteps(const std::vector<double> &clocksMhz)
{
    return clockStepBetween(clocksMhz) > 0;
}

} // namespace tb
