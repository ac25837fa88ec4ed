#pragma once

#include "codelisting.h"
#include "model/result.h"

#include <string>
#include <vector>

namespace tb {

// How one "Compile config" ended. `result` is what a tuning run would record for the compile
// stage: its status (ok, compile_error, invalid_launch, timeout, worker_crashed, ...), message,
// compiler log, compile seconds and, for CUDA, the resource figures (Result::resource keys).
// `failure` instead says why there is no result at all.
struct CompileOutcome
{
    // Why the compile could not run at all (no worker, a spec the worker refused); empty when
    // it ran, whatever its result.
    std::string failure;
    Result result;
    bool built = false;       // the compiler produced a binary (invalid_launch may still follow)
    std::string target;       // cuda: the architecture, e.g. "sm_90"; cpu: the compiler
    std::string targetReason; // why that target: "the spec's arch", "no GPU: ...", ...
    std::string command;      // cpu: the compiler's command line
    std::vector<std::string> workerLog; // the worker's and supervisor's notes (cuda)
    // When built: PTX and SASS (cuda) or the entry's disassembly (cpu), each or why not.
    CodeListings code;
};

} // namespace tb
