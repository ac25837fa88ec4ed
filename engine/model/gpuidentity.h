#pragma once

#include "devicepeaks.h"

#include <string>

namespace tb {

// One GPU a run measures on, as the driver named it before the run: which bench worker gets it
// (its CUDA_VISIBLE_DEVICES value) and which card it is, so that every result can say where it
// was measured and cards of different models are never ranked together.
struct GpuIdentity
{
    std::string visibleDevice; // CUDA_VISIBLE_DEVICES value of its bench worker: "0", "GPU-..."
    std::string name;          // "NVIDIA H100 80GB HBM3"; "" where the driver did not say
    std::string uuid;          // "GPU-5c8e9a2d-...", as nvidia-smi prints it; "" if unknown
    std::string arch;          // "sm_90"; "" if unknown
    DevicePeaks peaks = {};    // FP32 FLOP/s and DRAM bandwidth from the driver; empty if unknown

    bool operator==(const GpuIdentity &) const = default;
};

} // namespace tb
