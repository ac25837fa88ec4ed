#pragma once

#include <chrono>

namespace tb {

// Now on the monotonic clock, in seconds: the time stamp the host-load readings (HostLoad,
// CpuPressure, CpuWait and HostLoadObserver's window) are compared by.
inline double monotonicSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace tb
