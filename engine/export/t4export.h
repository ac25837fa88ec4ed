#pragma once

#include "model/expected.h"
#include "model/resultstatus.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// A run's results on one problem size as a T4 results file: the community's auto-tuning
// results format ("FAIR Sharing of Data in Autotuning Research", results-schema.json 1.0.0,
// as Kernel Tuner ships it), the format of the FAIR Benchmark Hub's recorded spaces:
// {"schema_version": "1.0.0",
//  "metadata": {"timeunit", "kernel_name", "problem_size": {size variable: value},
//               "environment": {"device_name", "host", "tool", "tool_version", "recorded_with"}},
//  "results": [result]}.
// A result holds its timestamp, "configuration" (values by parameter name), "times"
// (compilation, framework, search_algorithm, validation and runtimes, every sample; ms, 0 where
// Tunebench did not time the stage), "invalidity" ("correct" or why it failed, see
// t4Invalidity()), "correctness" (1 or 0), "measurements" ("time": the median, ms, what
// Tunebench ranks by and replays, or the Kernel Tuner failure class when it failed; then the
// spec's metrics) and "objectives" (["time"]). Configurations skipped by a constraint are left
// out, as the Kernel Tuner export leaves them out, so that replaying the file replays the
// space the workspace replay sees. Whole numbers are JSON integers. One line.
struct T4Results
{
    std::string text;               // the file's content
    std::size_t configurations = 0; // results written, failures included
    std::size_t failures = 0;
};

// InvalidArgument, naming the run, when the spec has no problem size `sizeIndex` (the message
// lists them), when the run has no result of that size, or when some were compiled but never
// timed (a T4 result that is correct must record a time). `results` must carry their samples
// (ResultStore::ofRun(run, true)). `toolVersion` is the exporting Tunebench's version. device_name
// is `deviceName` when given, else the GPU the results name, else the run's backend and host.
Expected<T4Results> exportT4(const Spec &spec, const RunRecord &run,
                             const std::vector<StoredResult> &results, std::size_t sizeIndex,
                             const std::string &toolVersion, const std::string &deviceName = {});

// The T4 invalidity of a Tunebench result: "correct", "compile", "runtime" (an invalid launch,
// a runtime error, a crashed worker), "timeout" or "correctness" (a wrong result), from the
// schema's enum. "constraints" is never written: such configurations are left out.
std::string_view t4Invalidity(ResultStatus status);

// The schema's invalidity enum (results-schema.json 1.0.0), every value a result may hold.
inline constexpr std::array<std::string_view, 6> kT4Invalidities = {
    "timeout", "compile", "runtime", "correctness", "constraints", "correct"};

} // namespace tb
