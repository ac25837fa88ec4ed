#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <string>

namespace tb {

// Reads a Kernel Tuner cache file, plain or gzip-compressed: `tune_params_keys` and
// `tune_params` give the parameters in listed order; each entry of `cache` is one configuration,
// its `time` the mean in ms (or a failure string such as "RuntimeFailedConfig"), `times` its
// samples in ms, and compile_time, verification_time and benchmark_time its cost in ms;
// `restrictions` are the tuning's conditions in Python. Times come back in seconds. Fails with
// IoError when the file cannot be read and InvalidArgument, naming the file and the entry, when its
// content is not a cache or a value is not numeric.
Expected<RecordedSpace> readKernelTunerCache(const std::string &path);

} // namespace tb
