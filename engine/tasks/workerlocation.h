#pragma once

#include <string>

namespace tb {

// tunebench-worker beside the running executable (the CLI's and the workbench's bin/), unless
// the environment's TUNEBENCH_WORKER names another.
std::string defaultWorkerPath();

} // namespace tb
