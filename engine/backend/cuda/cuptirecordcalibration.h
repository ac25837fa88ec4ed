#pragma once

#include "cudafailure.h"

#include <cuda.h>

namespace tb {

class CudaDriver;
class CuptiTimer;
class NvrtcCompiler;

// Moves `timer` to CUPTI's serialised kernel records (CuptiTimer says why) after measuring what
// they add to a kernel's duration: an empty kernel (four blocks per SM) launched on `stream`
// kLaunches times with the concurrent records, then as often with the serialised ones; the
// offset is the difference of the two medians (the concurrent records slow a kernel only where
// its blocks have work).
// On failure the timer may be left half-way: the caller times with CUDA events instead.
CudaStatus calibrateCuptiRecords(CuptiTimer &timer, const CudaDriver &driver, CUstream stream,
                                 const NvrtcCompiler &compiler, int smCount);

} // namespace tb
