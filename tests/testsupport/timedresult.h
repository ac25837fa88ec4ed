#pragma once

#include "model/result.h"

namespace tbtest {

// An ok result as a measuring worker would store it: three samples around `median` (seconds),
// their summary, the CPU timer. For export tests that write runs into a real workspace.
inline tb::Result timedResult(double median)
{
    tb::Result result;
    result.samples = {median, median * 1.01, median * 0.99};
    result.summary = {median, median * 0.99, median, median / 100, 3, 0.01};
    result.timer = "steady_clock";
    return result;
}

} // namespace tbtest
