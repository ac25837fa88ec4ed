#pragma once

#include "cudafailure.h"
#include "energymeter.h"
#include "kernellaunch.h"

#include "model/expected.h"
#include "model/result.h"
#include "model/spec.h"

#include <cuda.h>

#include <functional>
#include <string>

namespace tb {

class CudaDriver;

// The CUDA backend's energy concern (docs/measurement.md, "Energy"): NVML's energy counter of
// the measured GPU, whether a spec can run without it, and each configuration's energy run
// after its timed samples.
class EnergyMeasurement
{
public:
    using Log = std::function<void(const std::string &)>;

    // Finds the counter of the GPU at `pciBusId`; without one, remembers why.
    void open(const std::string &pciBusId);

    // NoDevice when the spec's objective is energy and there is no counter; a spec that only
    // asks for energy figures runs without them, and `log` says why.
    Status admit(const Spec &spec, const Log &log) const;

    // The energy run of a measured configuration, into result.resources; nothing when the spec
    // asks for none, without a counter, or when its sampling stopped early (slower than a
    // contender already). A counter that does not move is logged, not a failure.
    CudaStatus measure(const CudaDriver &driver, CUstream stream, const KernelLaunch &launch,
                       const Spec &spec, Result &result, const Log &log) const;

private:
    EnergyMeter m_meter;
    std::string m_absent; // why m_meter is unavailable
};

} // namespace tb
