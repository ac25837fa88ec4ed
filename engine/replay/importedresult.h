#pragma once

#include "replay/recordedconfiguration.h"
#include "replay/recordedformat.h"

#include "model/result.h"
#include "model/resultstatus.h"

#include <string>

namespace tb {

// One recorded configuration as a Tunebench result, for a run imported from another tool's
// file (recordedrunimport.h). A configuration that ran is ok with the recorded mean as its
// median and mean (Kernel Tuner and T4 record a mean, not a median; it is what both tools rank
// by), its recorded samples (their minimum, spread and the median's uncertainty; without
// samples it counts as one, with an unbounded uncertainty), its compile time and the
// verification time as the resource `verify_seconds`, where recorded. A failure keeps the
// tool's text as its message and gets the closest status (importedStatus()). `device` is the
// device the file names.
Result importedResult(const RecordedConfiguration &recorded, RecordedFormat format,
                      const std::string &device);

// Kernel Tuner: CompilationFailedConfig is compile_error, InvalidConfig invalid_launch (a
// configuration the GPU cannot launch), RuntimeFailedConfig and ErrorConfig runtime_error. T4's
// invalidity: compile, runtime, timeout, correctness (wrong_result), constraints
// (skipped_by_constraint); any other text runtime_error.
ResultStatus importedStatus(RecordedFormat format, const std::string &failure);

} // namespace tb
