#pragma once

#include "model/configuration.h"
#include "model/gpuidentity.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tb {

// One configuration to measure on one problem size.
struct JobRequest
{
    std::uint64_t id = 0;
    Configuration config;
    std::size_t sizeIndex = 0;
    double timeoutSeconds = 0;   // wall-clock limit of one attempt; 0 or less: none
    double stopAboveSeconds = 0; // early exit (JobMessage::stopAboveSeconds); 0: none
};

// How a submitted job ended: what the worker measured, or the supervisor's verdict (timeout,
// worker_crashed) when the worker could not say.
struct JobOutcome
{
    std::uint64_t id = 0;
    Configuration config;
    std::size_t sizeIndex = 0;
    Result result;
    int workerIndex = -1; // the slot that ran the last attempt; -1 when none did
    // The worker was lost to its launcher (a cancelled task, a lost node), not to this job:
    // `result` is worker_crashed with the reason, for a caller that cannot run it elsewhere.
    bool lost = false;
    std::string host;   // from the hello of the worker that ran the last attempt
    std::string device; // that hello's device ("cpu: MODEL" from a CPU worker)
    GpuIdentity gpu;    // that hello's GPU (a CUDA measuring worker's; empty otherwise)
};

} // namespace tb
