#pragma once

#include "model/expected.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// What an export of a run holds: one device model's results. Its winners, its kernel set, its
// Kernel Tuner cache were measured on that model and say nothing of another, so a run over
// mixed nodes is exported once per model, never its results ranked together.
struct DeviceExport
{
    RunRecord run; // its device the chosen model's, where the run's named one of its models
    std::vector<StoredResult> results;
};

// The part of a run an export holds. `device` empty: every result where they name one model or
// none; a run over several is refused (InvalidArgument) naming its models, with `howToChoose`
// ("--device-model MODEL exports one") as the detail. `device` named: that model's results and
// those that name none (failed compiles: no model's more than another's); the run's device is
// set to it where the run named one of its models (a GPU run: what `verify` compares with).
// Refused when no result was measured on it, naming the models there are.
Expected<DeviceExport> exportedDevicePart(const RunRecord &run, std::vector<StoredResult> results,
                                          const std::string &device,
                                          const std::string &howToChoose);

} // namespace tb
