#pragma once

#include "cluster/launcherchoice.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace tb {

// `tune`'s options for where the measuring workers run (issue 22): here, as Slurm tasks
// through srun (in the current allocation, or one asked for with --salloc), or on hosts
// through ssh. Only the parsing is here; the policy is the engine's
// chooseLaunchers() (cluster/launcherchoice.h), which the workbench reaches the same way.
struct LauncherOptions
{
    std::string launcher = "local";
    std::vector<std::string> sshHosts;
    std::vector<std::string> sshArguments;
    std::vector<std::string> srunArguments;
    std::string compileOn = "here"; // --compile-on here|nodes
    int srunTasks = 1;
    std::string srunProgram = "srun"; // the environment's TUNEBENCH_SRUN, for tests
    std::string sshProgram = "ssh";   // TUNEBENCH_SSH
    // --salloc: outside an allocation, ask Slurm for one for the run (and cancel it after).
    bool salloc = false;
    std::string slurmPartition;
    std::string slurmAccount;
    std::string slurmTime;
    std::vector<std::string> sallocArguments;
    std::string sallocProgram = "salloc";   // TUNEBENCH_SALLOC
    std::string scancelProgram = "scancel"; // TUNEBENCH_SCANCEL
};

void addLauncherOptions(CLI::App &tune, LauncherOptions &options);

// The command line's launcher options as the engine's launcher request, in the CLI's words
// (the policy's default wording): prepareRun() (tasks/runsetup.h) checks it.
LauncherRequest launcherRequest(const LauncherOptions &options);

} // namespace tb
