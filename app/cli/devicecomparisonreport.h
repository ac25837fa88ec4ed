#pragma once

#include "analysis/devicecomparison.h"

#include <string>
#include <vector>

namespace tb {

// compare's cross-device section (export/devicecomparison.h), as text: per problem size, each
// run's winner with its device, and what each winner costs on the other run's device.
std::string renderCrossDevice(const std::vector<CrossDeviceSize> &sizes, const RunRecord &a,
                              const RunRecord &b);

} // namespace tb
