#pragma once

#include "tasks/compileoutcome.h"
#include "tasks/compilerequest.h"

#include <atomic>

namespace tb {

// Compiles one CUDA configuration the way a tuning run's compile stage does: a tunebench-worker
// with role cuda-compile (NVRTC, no GPU needed) under a Supervisor, given the spec with the
// request's code inlined, one job, the request's timeout. A compiler that crashes or hangs costs
// that worker process only. The worker leaves the build's PTX and cubin in a temporary directory
// (--code-dir); the outcome's code holds the PTX and nvdisasm's SASS of them (Disassembler),
// after the TTIR, TTGIR and LLIR for a Triton kernel.
// Blocks until the outcome, a timeout or `cancelled`: call it off a GUI thread.
CompileOutcome buildCudaConfiguration(const CompileRequest &request,
                                      const std::atomic<bool> &cancelled);

} // namespace tb
