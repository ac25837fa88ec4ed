#pragma once

#include "analysis/devicechoice.h"
#include "inspectcommands.h"
#include "storedrun.h"

namespace tb {

// The results of the run `export` writes (with their samples where asked) and the run record
// naming their device: one device model's where the run was measured on several, the one
// --device-model names (a run over mixed nodes is refused without it, naming its models).
// --measure-missing is refused on such a run: it would measure on this machine's model and
// choose the set from every model's results.
Expected<DeviceExport> exportedPart(OpenRun &loaded, const ExportOptions &options,
                                    bool withSamples);

} // namespace tb
