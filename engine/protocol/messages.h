#pragma once

#include "model/gpuidentity.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace tb {

// The worker protocol: newline-delimited JSON on the worker's stdin/stdout, one compact object
// per line, each with a "type". A worker opens with a hello; the supervisor refuses a worker
// whose protocol differs from its own. Bump the version for any change a peer could misread.
inline constexpr int kProtocolVersion = 3; // 2: the reference message; 3: a job's stopAbove

// Longest frame either side accepts, newline excluded. A result with a huge compiler log fits;
// a peer streaming bytes without a newline is cut off instead of growing a buffer for ever.
inline constexpr std::size_t kMaxFrameBytes = 32u * 1024u * 1024u;

// worker -> supervisor, the first line a worker writes.
struct HelloMessage
{
    int protocol = kProtocolVersion;
    std::string workerVersion;
    std::string role; // a WorkerRole name (model/workerrole.h), kept as sent: refused by name
    std::int64_t pid = 0;
    std::string host;
    std::string device; // free text, e.g. "cpu: AMD EPYC 7763", or a CUDA worker's GPU name
    // A CUDA measuring worker's GPU as the driver names it where the worker runs: a worker
    // started through srun or ssh measures on a GPU its supervisor's machine may not have.
    // Empty (and absent on the wire) for every other worker.
    GpuIdentity gpu;

    bool operator==(const HelloMessage &) const = default;
};

// supervisor -> worker, once, after the hello.
struct SetupMessage
{
    std::string specDocument; // the spec's JSON text, self-contained (source inlined)
    std::string baseDirectory;
    std::string cacheDirectory;

    bool operator==(const SetupMessage &) const = default;
};

// worker -> supervisor: the setup worked, jobs may come.
struct ReadyMessage
{
    bool operator==(const ReadyMessage &) const = default;
};

// worker -> supervisor: the setup did not work; the worker waits for a shutdown.
struct SetupFailedMessage
{
    std::string message;
    std::string detail;

    bool operator==(const SetupFailedMessage &) const = default;
};

// supervisor -> worker: measure one configuration on one problem size.
struct JobMessage
{
    std::uint64_t id = 0;
    std::vector<double> values; // Configuration::values
    std::uint64_t sizeIndex = 0;
    // Early exit: the median time (seconds) above which this configuration is hopeless, i.e.
    // clearly slower than the size's best so far; the worker stops sampling once the median's
    // interval lies wholly above it. 0: measure to the spec's precision. Optional in JSON.
    double stopAboveSeconds = 0;

    bool operator==(const JobMessage &) const = default;
};

// worker -> supervisor: the answer to the job with the same id.
struct JobResultMessage
{
    std::uint64_t id = 0;
    Result result;
};

// worker -> supervisor, during a job: the worker begins (running) or has finished (not running)
// computing the reference configuration's outputs for the job's problem size. A worker that
// dies or hangs in between was brought down by the reference, not by the job's configuration.
struct ReferenceMessage
{
    std::uint64_t id = 0; // the job's
    bool running = false;

    bool operator==(const ReferenceMessage &) const = default;
};

// supervisor -> worker: finish and exit 0.
struct ShutdownMessage
{
    bool operator==(const ShutdownMessage &) const = default;
};

using Message = std::variant<HelloMessage, SetupMessage, ReadyMessage, SetupFailedMessage,
                             JobMessage, JobResultMessage, ReferenceMessage, ShutdownMessage>;

} // namespace tb
