#pragma once

#include "model/configuration.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// One configuration of a recorded space as the recording tool measured it. Every time is in
// seconds, whatever unit the file used.
struct RecordedConfiguration
{
    Configuration configuration;          // values in the space's parameter order
    std::optional<double> seconds;        // the recorded mean; nullopt: it failed
    std::vector<double> sampleSeconds;    // every recorded sample, in recorded order
    std::string failure;                  // the tool's failure text; empty when it ran
    std::optional<double> compileSeconds; // what the tool spent on each stage, where recorded
    std::optional<double> verificationSeconds;
    std::optional<double> benchmarkSeconds;

    bool failed() const { return !seconds.has_value(); }

    // What evaluating it cost the tool: the recorded stages summed, 0 for one not recorded.
    // A replay charges this to its time budget.
    double costSeconds() const
    {
        return compileSeconds.value_or(0) + verificationSeconds.value_or(0) +
               benchmarkSeconds.value_or(0);
    }
};

} // namespace tb
