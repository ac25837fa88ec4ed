#pragma once

#include "launchshape.h"
#include "model/result.h"
#include "occupancy.h"
#include "ptxasreport.h"

namespace tb {

// Puts a CUDA kernel's figures into result.resources, under the keys the store, the exports and
// the GUI read (model/resultfigure.h): registers, spills, stack frame, static and dynamic shared
// and constant memory, barriers (bytes or counts, per thread / per block as ptxas reports
// them), threads per block, blocks and warps per SM and the theoretical occupancy (0..1).
// Shared by the compile-only and the GPU bench backends.
void fillResources(Result &result, const ResourceUsage &usage, const LaunchShape &shape,
                   const Occupancy &occupancy);

} // namespace tb
