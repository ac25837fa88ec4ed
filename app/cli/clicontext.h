#pragma once

#include <string>

namespace tb {

// What every subcommand needs to know about how tunebench-cli was started.
struct CliContext
{
    std::string workspacePath = "tunebench.tbw";
    std::string workerPath; // tunebench-worker; default: beside this executable
    std::string toolVersion;
};

} // namespace tb
