#pragma once

#include "cudafailure.h"
#include "cudamodule.h"

#include <string>

namespace tb {

class CudaDriver;
class NvrtcCompiler;

// Builds one of Tunebench's own helper kernels (the L2 flush, the verifier, the SM clock probe)
// with the backend's NVRTC compiler (cached like any kernel) and loads it. A failure is a
// runtime_error naming `purpose` ("the L2 flush kernel"), never the user's compile_error.
CudaStatus loadInternalKernel(const CudaDriver &driver, const NvrtcCompiler &compiler,
                              const char *code, const std::string &entry, const char *purpose,
                              CudaModule &module);

} // namespace tb
