#pragma once

#include "storage/storerecords.h"

#include <string>

namespace tb {

// How the CLI names where a run came from and where it ran (`runs`, `show`, `compare`).

// "imported from Kernel Tuner cache x.json.gz"; "" for a run Tunebench measured.
std::string runOriginText(const RunRecord &run);

// The device the run names, or "device not recorded".
std::string runDeviceText(const RunRecord &run);

} // namespace tb
