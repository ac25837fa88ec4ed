#pragma once

#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// The line under a size's table that says whether its best configuration is decided: ahead of
// the runner-up (ranked[1]) by more than the two medians are uncertain by, including an SM clock
// step between them (WinnerMargin). Empty with fewer than two ranked results.
//   "  best: BM=64 by 4.21% over BM=32, beyond the 0.35% their medians are uncertain by\n"
//   "  tie: BM=64 leads BM=32 by 0.40%, within the 0.93% ... (0.73% of it: timed at SM clocks
//    1994.6 and 1980.1 MHz): either may win another run\n"
std::string winnerNote(const Spec &spec, const std::vector<const StoredResult *> &ranked);

} // namespace tb
