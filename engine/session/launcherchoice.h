#pragma once

#include "model/spec.h"
#include "runner/workerlauncher.h"

#include <string>
#include <vector>

namespace tb {

// How the messages of chooseLaunchers() name the choice and what to run instead: the CLI
// speaks of its options, the workbench of its Preferences. The rules are the same.
struct LauncherWording
{
    std::string choice = "--launcher"; // "--launcher srun: ..." (the launcher's name follows)
    std::string useLocal = "--launcher local";
    std::string sshHostsNeeded = "--launcher ssh needs --ssh-hosts HOST[,HOST...]";
    std::string runInAllocation = "tunebench-cli tune SPEC --launcher srun"; // after salloc
    std::string runOnGpuNode = "tunebench-cli on the GPU node itself, e.g. `srun --gpus=1 "
                               "tunebench-cli tune SPEC`";
};

// Where the measuring workers of a run should go (issue 22): here, as Slurm tasks through
// srun inside the current allocation, or on hosts through ssh.
struct LauncherRequest
{
    LauncherKind kind = LauncherKind::Local;
    std::vector<std::string> sshHosts;
    std::vector<std::string> sshArguments;
    std::vector<std::string> srunArguments;
    int srunTasks = 1;
    std::string srunProgram = "srun"; // launcherProgram(): $TUNEBENCH_SRUN, for tests
    std::string sshProgram = "ssh";   // $TUNEBENCH_SSH
    LauncherWording wording;
};

// What the request says, checked against this machine and the spec.
struct LauncherChoice
{
    std::vector<LauncherSettings> benchLaunchers; // empty: local
    std::string announcement;                     // "" for local
    std::string error;                            // non-empty: refused, with how to fix it
    bool usageError = false;                      // the request itself is inconsistent
};

// The one launcher policy of the CLI and the workbench: srun must be on PATH and the process
// inside an allocation (SLURM_JOB_ID; else the salloc advice), ssh needs hosts, CUDA runs are
// refused for now (their GPUs would have to be probed on the nodes).
LauncherChoice chooseLaunchers(const LauncherRequest &request, const Spec &spec);

// The program that starts workers through `kind`: $TUNEBENCH_SRUN or $TUNEBENCH_SSH when set
// (tests put fakes there), else "srun" or "ssh".
std::string launcherProgram(LauncherKind kind);

// "srun", "srun task 2", "ssh node7": how logs and the Run page name the location of the
// bench worker `index` of a run whose measuring workers go through `launchers`.
std::string locationName(const std::vector<LauncherSettings> &launchers, std::size_t index);

} // namespace tb
