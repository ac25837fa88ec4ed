#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <string>

namespace tb {

// Reads a recorded space in any format, told from the content (not the file's name): an SQLite
// file (plain, gzip or xz) is a Tunebench workspace, read with readWorkspaceSpace()'s defaults
// (the newest run with results, problem size 0); of JSON, an object with `cache` and
// `tune_params` is a Kernel Tuner cache file (readKernelTunerCache), one with a `results` array a
// T4 results file (readT4Results), plain or gzip-compressed. Fails like those readers, and with
// InvalidArgument when the JSON is neither.
Expected<RecordedSpace> readRecordedSpace(const std::string &path);

} // namespace tb
