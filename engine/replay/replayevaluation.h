#pragma once

#include <optional>
#include <string>

namespace tb {

// One evaluation of a configuration against a recording.
struct ReplayEvaluation
{
    // What the search sees (the mean, or a drawn sample); nullopt when the configuration failed
    // or is not in the recording.
    std::optional<double> objectiveSeconds;
    // The recorded mean whatever the mode: what a noisy replay judges its pick by.
    std::optional<double> trueMeanSeconds;
    // The recorded compile + verification + benchmark time, 0 where the file has none: what
    // the evaluation costs a time budget.
    double costSeconds = 0;
    bool known = false;  // false: the recording does not hold this configuration
    std::string failure; // the recorded failure text, empty when it ran
};

} // namespace tb
