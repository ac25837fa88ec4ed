#pragma once

#include "model/expected.h"

#include <string>
#include <vector>

namespace tb {

// The real architectures the loaded NVRTC can emit cubins for, as numbers (75, 80, ..., 120).
std::vector<int> nvrtcSupportedArchitectures();

// "sm_90" for compute capability 9.0, or an error (InvalidArgument) naming the architectures this
// NVRTC supports when it cannot emit code for that one.
Expected<std::string> archForComputeCapability(int major, int minor);

} // namespace tb
