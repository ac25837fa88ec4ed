#pragma once

#include "model/expected.h"
#include "model/gpuidentity.h"
#include "model/kernelbackend.h"
#include "model/spec.h"
#include "model/workerrole.h"

#include <functional>
#include <string>

namespace tb {

// What a worker says about itself in its hello.
struct WorkerIdentity
{
    WorkerRole role = WorkerRole::Cpu;
    std::string workerVersion;
    std::string device; // free text, e.g. "cpu: AMD EPYC 7763"
    GpuIdentity gpu;    // a CUDA measuring worker's GPU (HelloMessage::gpu)
};

// Turns the spec document a supervisor sends into a Spec (the worker's main passes SpecLoader).
using SpecParser =
    std::function<Expected<Spec>(const std::string &document, const std::string &baseDirectory)>;

// The worker's side of the protocol, independent of any backend: sends the hello, waits for the
// setup, parses the spec and prepares the backend (answering ready or setup_failed; after a
// failed setup the worker waits for a shutdown), then answers each job with a job_result.
// Returns the process exit code: 0 after a shutdown or at the end of input, 2 on a protocol
// error or a broken output (explained on stderr), 3 right after answering a job that left the
// backend unusable (KernelBackend::usable()). Blocking I/O on both fds.
int runWorkerLoop(KernelBackend &backend, const SpecParser &parseSpec,
                  const WorkerIdentity &identity, int inputFd, int outputFd);

// Keeps stdout for the protocol alone: duplicates fd 1 to a private close-on-exec fd and points
// fd 1 at stderr, so whatever a kernel or a library prints lands in the log instead of
// corrupting frames. Call once, early in main(); returns the protocol fd, or -1 on failure.
int claimProtocolOutput();

} // namespace tb
