#pragma once

#include "model/configuration.h"
#include "model/result.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace tb {

// Where a configuration is in the pipeline: on a compile worker, compiled and in line for a
// bench worker, or on a bench worker.
enum class JobStage
{
    Compiling,
    Waiting,
    Measuring,
};

// Everything the pipeline knows of one configuration in flight, from submit() to its final
// result: one record, so that finishing a job is erasing it.
struct PipelineJob
{
    std::uint64_t token = 0; // the caller's
    Configuration config;
    std::size_t sizeIndex = 0;
    JobStage stage = JobStage::Compiling;
    // The compile stage's result, from its compile to the end of its measuring: its figures join
    // the bench result. An empty Result when the measuring worker builds it itself.
    std::optional<Result> compiled;
    std::optional<std::size_t> pinnedLane; // the only bench lane that may take it (a finalist)
    std::optional<std::size_t> lane;       // the bench lane measuring it now
    int lostWorkers = 0;                   // its measuring workers lost to a launcher
    std::optional<std::size_t> lostOnLane; // the lane that lost it last
    std::uint64_t workerJob = 0;           // the supervisor's job id while on a worker
    // When it went to its worker: a result's wall time on its stage, for the throughput
    // benchmark (resources "bench_seconds" and "stage_seconds").
    std::chrono::steady_clock::time_point submittedAt;
};

} // namespace tb
