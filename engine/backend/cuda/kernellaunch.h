#pragma once

#include "compile/launchshape.h"
#include "cudafailure.h"

#include <cuda.h>

#include <string>

namespace tb {

class CudaDriver;

// One launch of a loaded kernel: the function, its geometry (how its CUPTI records are told from
// others', kernelrecords.h), its arguments and its symbol (the lowered name, for messages).
struct KernelLaunch
{
    CUfunction function = nullptr;
    LaunchShape shape;
    void **params = nullptr; // CudaArgumentSet::kernelParams()
    std::string symbol;
    // Blocks per thread-block cluster along x (Triton's num_ctas); 1: no cluster. The grid's x
    // counts every block and is a multiple of it.
    unsigned clusterX = 1;

    // cuLaunchKernel on `stream` (cuLaunchKernelEx with the cluster, as Triton's launcher). Refused
    // geometry or resources are invalid_launch; a fault of an earlier launch surfacing here is
    // runtime_error and breaks the context.
    CudaStatus launch(const CudaDriver &driver, CUstream stream) const;

private:
    CudaStatus launchCluster(const CudaDriver &driver, CUstream stream) const;
};

} // namespace tb
