#pragma once

#include "model/expected.h"

#include <vector>

namespace tb {

// The CPUs this process may run on (sched_getaffinity), ascending; {} where it cannot be read.
std::vector<int> allowedCpus();

// Restricts this process (and the children it starts later) to `cpu` alone, or to every
// allowed CPU but `cpu`. IoError naming the CPU when the kernel refuses.
Status pinToCpu(int cpu);
Status avoidCpu(int cpu);

} // namespace tb
