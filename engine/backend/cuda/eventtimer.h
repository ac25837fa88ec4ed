#pragma once

#include "cudafailure.h"

#include <cuda.h>

#include <cstddef>
#include <vector>

namespace tb {

class CudaDriver;

// Times launches with CUDA events recorded on the launch stream right before and after each
// one (cuEventElapsedTime, ~0.5 us resolution). It includes the launch's own overhead on the
// GPU (a few microseconds, see TOOLCHAIN.md), which CUPTI's kernel records do not: the
// fallback when CUPTI cannot run, and the cross-check when it can. Events are made once and
// reused for every batch; destroyed with the timer.
class EventTimer
{
public:
    EventTimer() = default;
    EventTimer(const EventTimer &) = delete;
    EventTimer &operator=(const EventTimer &) = delete;
    ~EventTimer();

    void setDriver(const CudaDriver &driver) { m_driver = &driver; }

    // Makes sure `count` start/stop pairs exist.
    CudaStatus reserve(std::size_t count);
    CudaStatus recordStart(std::size_t index, CUstream stream);
    CudaStatus recordStop(std::size_t index, CUstream stream);
    // Seconds of pairs 0..count-1, after the stream was synchronised.
    CudaStatus elapsed(std::size_t count, std::vector<double> &seconds) const;

private:
    const CudaDriver *m_driver = nullptr;
    std::vector<CUevent> m_starts;
    std::vector<CUevent> m_stops;
};

} // namespace tb
