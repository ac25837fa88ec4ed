#pragma once

#include "ptxasreport.h"
#include "tritonlaunch.h"

#include <optional>

#include <string>

namespace tb {

// What compiling one configuration (with NVRTC, or Triton's compiler) produced. The log is kept
// whatever happened.
struct CudaBuild
{
    std::string cubinPath;    // the cubin in the cache, on success: what the bench side loads
    std::string loweredName;  // the entry's symbol in the cubin (mangled unless extern "C")
    std::string log;          // NVRTC's program log, ptxas report included
    std::string errorMessage; // why there is no cubin; empty on success
    double seconds = 0;       // wall time of the compile (or of the cache lookup)
    bool cached = false;      // the cubin was already in the cache: NVRTC did not run
    ResourceUsage usage;      // the entry's ptxas figures
    std::string arch;         // "sm_90"
    // The PTX, only when CudaCompileOptions::codeDirectory asked for it (the Kernel page's
    // Compile config); tuning runs keep none.
    std::string ptx;
    // A Triton kernel's stages before the PTX, likewise only for the Kernel page: Triton's IR
    // (TTIR), its GPU IR (TTGIR) and the LLVM IR it lowers that to (LLIR).
    std::string ttir;
    std::string ttgir;
    std::string llir;
    // A Triton kernel's launch (Triton decides its block and shared memory); none for CUDA C++.
    std::optional<TritonLaunch> triton;

    bool succeeded() const { return errorMessage.empty(); }
};

} // namespace tb
