#pragma once

#include "launchshape.h"
#include "model/result.h"
#include "occupancy.h"
#include "ptxasreport.h"

namespace tb {

// Puts a CUDA kernel's figures into result.resources, under the keys the store, the exports and
// the GUI read: "registers", "spill_stores", "spill_loads", "stack_frame", "static_shared",
// "dynamic_shared", "constant_memory", "barriers" (bytes or counts, per thread / per block as
// ptxas reports them), "threads_per_block", "blocks_per_sm", "warps_per_sm" and "occupancy"
// (0..1, theoretical). Shared by the compile-only and the GPU bench backends.
void fillResources(Result &result, const ResourceUsage &usage, const LaunchShape &shape,
                   const Occupancy &occupancy);

} // namespace tb
