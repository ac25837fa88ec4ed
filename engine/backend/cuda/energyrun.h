#pragma once

#include "cudafailure.h"
#include "kernellaunch.h"
#include "model/result.h"

#include <cuda.h>

#include <cstdint>
#include <string>

namespace tb {

class CudaDriver;
class EnergyMeter;

// What one energy run found (docs/measurement.md, "Energy").
struct EnergyReading
{
    double joulesPerLaunch = 0;
    double watts = 0; // the energy counter's average over the window
    double relativeUncertainty = 0;
    double windowSeconds = 0;
    double launchSeconds = 0; // back to back, per launch
    std::uint64_t launches = 0;
};

// Energy per launch of a kernel: it is launched back to back, with no L2 flush between launches,
// while NVML's energy counter is polled. The counter moves in steps (every ~100 ms on the H200),
// so the power is the energy between two steps over the time between them, from the second step
// seen (the first may hold idle time) until the window spans `seconds`. The GPU's time per
// launch comes from CUDA events around the whole run; energy per launch = power x that time.
// Two batches stay queued, so the GPU never waits for the host while it polls.
class EnergyRun
{
public:
    EnergyRun(const CudaDriver &driver, CUstream stream, const EnergyMeter &meter);

    // `launchSeconds`: a guess of one launch's time (the timed median), to size the batches.
    // A launch failure returns it; a counter that does not move (or NVML stopping to answer)
    // returns ok with *why set and `reading` untouched.
    CudaStatus measure(const KernelLaunch &kernel, double launchSeconds, double seconds,
                       EnergyReading &reading, std::string *why);

    // Puts the reading into result.resources (model/resultfigure.h's energy figures).
    static void record(Result &result, const EnergyReading &reading);

private:
    class RunEvents;
    struct Progress;

    CudaStatus record(CUevent event);
    CudaStatus keepTwoQueued(const KernelLaunch &kernel, std::uint64_t batch,
                             const RunEvents &events, Progress &progress);
    std::string pollCounter(Progress &progress);
    CudaStatus awaitOldest(const RunEvents &events, Progress &progress);
    CudaStatus finish(const RunEvents &events, float &milliseconds);

    const CudaDriver &m_driver;
    CUstream m_stream;
    const EnergyMeter &m_meter;
};

} // namespace tb
