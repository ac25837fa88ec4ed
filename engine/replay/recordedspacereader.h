#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <string>

namespace tb {

// Reads a recorded space in either format, told from the JSON itself (not the file's name):
// an object with `cache` and `tune_params` is a Kernel Tuner cache file (readKernelTunerCache),
// one with a `results` array a T4 results file (readT4Results). Plain or gzip-compressed.
// Fails like those readers, and with InvalidArgument when the JSON is neither.
Expected<RecordedSpace> readRecordedSpace(const std::string &path);

} // namespace tb
