#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <string>

namespace tb {

// Reads a T4 results file (the community's auto-tuning results format), plain or
// gzip-compressed. Each of `results` is one configuration: `configuration` its values by
// parameter name, `invalidity` "correct" or why it failed, the mean from its `time`
// measurement, samples from `times.runtimes` and cost from `times.compilation`,
// `times.validation` and the runtimes' sum, all in `metadata.timeunit`. T4 lists no
// parameters: they are derived from the configurations, names in first-seen order and values
// ascending. The device, kernel and problem size come from `metadata.environment.device_name`,
// `metadata.kernel_name` and `metadata.problem_size` where the file has them (Tunebench's
// export writes them; the Benchmark Hub's files do not). Times come back in seconds. Fails with
// IoError when the file cannot be read and InvalidArgument, naming the file and the result, when
// its content is not T4 or a value is not numeric.
Expected<RecordedSpace> readT4Results(const std::string &path);

} // namespace tb
