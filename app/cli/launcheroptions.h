#pragma once

#include "model/spec.h"
#include "runner/workerlauncher.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tb {

// `tune`'s options for where the measuring workers run (issue 22): here, as Slurm tasks
// through srun, or on hosts through ssh.
struct LauncherOptions
{
    std::string launcher = "local";
    std::vector<std::string> sshHosts;
    std::vector<std::string> sshArguments;
    std::vector<std::string> srunArguments;
    int srunTasks = 1;
    std::string srunProgram = "srun"; // the environment's TUNEBENCH_SRUN, for tests
    std::string sshProgram = "ssh";   // TUNEBENCH_SSH
};

void addLauncherOptions(CLI::App &tune, LauncherOptions &options);

// What the command line's launcher options say, checked against this machine and the spec.
struct LauncherChoice
{
    std::vector<LauncherSettings> benchLaunchers; // empty: local
    std::string announcement;                     // "" for local
    std::string error;                            // non-empty: refused, with how to fix it
    bool usageError = false;                      // the command line itself is wrong
};

LauncherChoice chooseLaunchers(const LauncherOptions &options, const Spec &spec);

} // namespace tb
