#pragma once

#include "resultstatus.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Summary statistics of one configuration's samples (seconds).
struct SampleSummary
{
    double median = 0;
    double min = 0;
    double mean = 0;
    double stddev = 0;
    int count = 0;
    double relativeHalfWidth = 0; // of the median's ~95% confidence interval, relative to it
};

// What measuring one configuration on one problem size produced. Filled by a backend in a
// worker; derived metrics are added by the session, which knows the spec's expressions.
struct Result
{
    ResultStatus status = ResultStatus::Ok;
    std::string message;         // error text for any status but ok
    std::string compilerLog;     // kept whatever the status
    std::vector<double> samples; // seconds, in measurement order
    SampleSummary summary;
    std::string timer; // which clock measured: "steady_clock", "cupti", "cuda_events"
    double compileSeconds = 0;
    bool cachedBuild = false;                // the binary came from the build cache
    std::map<std::string, double> resources; // backend figures: "registers", "spill_stores", ...
    std::map<std::string, double> metrics;   // derived metrics, by name
    // Which device measured it: a GPU (GpuIdentity's name and UUID) or, for the CPU backend, the
    // measuring worker's hello ("cpu: MODEL", no UUID); empty for a result no device measured (a
    // failed compile, a compile-only run) and for results stored before schema 7 on the CPU.
    std::string device;
    std::string deviceUuid;
    // The host whose worker produced it (its hello); empty for an imported run's results.
    std::string host;

    // The backend figure `key`, if the backend reported it.
    std::optional<double> resource(const std::string &key) const
    {
        const auto found = resources.find(key);
        return found == resources.end() ? std::nullopt : std::optional<double>(found->second);
    }
};

// An ok result without samples: built (and its resources counted) but not timed, as every
// result of a compile-only run is. Readers call it "compiled", not "ok" (stateName()).
inline bool compiledOnly(const Result &result)
{
    return result.status == ResultStatus::Ok && result.summary.count == 0;
}

// The name users read for a result's state, in the CLI and the workbench alike: its status,
// or "compiled" for a result that was compiled but not timed.
inline std::string_view stateName(const Result &result)
{
    return compiledOnly(result) ? std::string_view("compiled") : toString(result.status);
}

} // namespace tb
