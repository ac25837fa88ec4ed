#pragma once

#include "model/expected.h"
#include "model/resultstatus.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// A run's results on one problem size as a Kernel Tuner cache file (JSON), the file Kernel Tuner
// 1.5 replays with tune_kernel(..., cache=FILE, simulation_mode=True):
// {"device_name", "kernel_name", "problem_size": [size values], "tune_params_keys",
//  "tune_params": {name: [values]}, "objective": "time", "cache": {"v1,v2,...": entry}}, cache
// last (Kernel Tuner checks that a file ends with the cache's closing braces). An entry holds
// the parameter values, then time (the median, ms: what Tunebench ranks by and replays), times
// (every sample, ms), compile_time, verification_time, benchmark_time, strategy_time and
// framework_time (ms; 0 where Tunebench did not time the stage), the spec's metrics, and a
// timestamp. A failed configuration has the Kernel Tuner failure class in "time" and
// "__error__" and no times (see kernelTunerFailure()). Configurations skipped by a constraint
// are left out (never run; Kernel Tuner's restrictions keep such points out of its space too).
// Whole numbers are JSON integers, so keys read "64,128", as Kernel Tuner makes them. One line.
struct KernelTunerCache
{
    std::string text;               // the file's content
    std::size_t configurations = 0; // entries written, failures included
    std::size_t failures = 0;
};

// InvalidArgument, naming the run, when the spec has no problem size `sizeIndex` (the message
// lists them), when the run has no result of that size, or when some were compiled but never
// timed (Kernel Tuner's simulation needs every configuration of its space measured, so they
// cannot be left out either). `results` must carry their samples (ResultStore::ofRun(run, true)).
// device_name is `deviceName` when given, else the GPU the results name, else the run's backend
// and host (workspaces older than schema 4 do not keep the GPU's name).
Expected<KernelTunerCache> exportKernelTuner(const Spec &spec, const RunRecord &run,
                                             const std::vector<StoredResult> &results,
                                             std::size_t sizeIndex,
                                             const std::string &deviceName = {});

// The Kernel Tuner failure class for a failed Tunebench result: CompilationFailedConfig for a
// compile error, RuntimeFailedConfig for one that built but did not run to a correct result
// (invalid launch, runtime error, timeout, crash, wrong result; Kernel Tuner has no class of
// its own for a wrong result and stops tuning on one).
std::string_view kernelTunerFailure(ResultStatus status);

} // namespace tb
