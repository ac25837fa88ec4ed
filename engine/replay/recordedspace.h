#pragma once

#include "replay/recordedconfiguration.h"
#include "replay/recordedformat.h"

#include "model/expected.h"
#include "model/parameter.h"
#include "space/searchspace.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// A tuning space that some tool brute-forced and recorded: what was measured, where, and every
// configuration's outcome. Read by readRecordedSpace() and replayed by ReplayEvaluator.
struct RecordedSpace
{
    RecordedFormat format = RecordedFormat::KernelTunerCache;
    std::string deviceName; // empty where the file does not say
    std::string kernelName; // likewise
    // As the file writes it: "[4096,4096]", "1024", T4's {"N":1024}; empty where it does not.
    std::string problemSize;
    std::string objective = "time";
    bool objectiveMinimised = true;
    std::vector<Parameter> parameters; // numeric values, in the file's listed order
    // Kernel Tuner's restrictions as the file writes them (Python), each as text; an entry
    // that is no text as its JSON (pythonrestriction.h reads them).
    std::vector<std::string> restrictions;
    std::vector<RecordedConfiguration> configurations;

    std::size_t failureCount() const;

    // The recorded configurations as an ordinary space: its valid points are exactly the
    // recorded ones, failures included (they fail when evaluated; no constraint rejects them).
    Expected<SearchSpace> searchSpace() const;
};

} // namespace tb
