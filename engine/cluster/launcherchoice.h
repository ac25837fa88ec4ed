#pragma once

#include "model/spec.h"
#include "runner/workerlauncher.h"
#include "sallocrequest.h"

#include <optional>
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
    // How to have Tunebench ask Slurm for the allocation itself (the other way out of "not
    // inside an allocation").
    std::string askForAllocation = "add --salloc (with --slurm-partition, --slurm-account, "
                                   "--slurm-time as your site wants) to have Tunebench ask for "
                                   "one";
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
    // srun outside an allocation: ask Slurm for one (salloc) for the run. `allocation` holds
    // the settings (partition, account, time limit, extra salloc arguments, programs, their
    // wording); the policy fills in the tasks and GPUs.
    bool askForAllocation = false;
    SallocRequest allocation;
    // Each launched measuring worker builds what it measures, where it runs (--compile-on
    // nodes), instead of this machine's compile workers.
    bool compileWhereMeasured = false;
    LauncherWording wording;
};

// What the request says, checked against this machine and the spec.
struct LauncherChoice
{
    std::vector<LauncherSettings> benchLaunchers; // empty: local
    std::string announcement;                     // "" for local
    std::string error;                            // non-empty: refused, with how to fix it
    bool usageError = false;                      // the request itself is inconsistent
    // Set: the run asks Slurm for this allocation and runs the srun steps in it
    // (SessionOptions::allocation); unset inside an allocation, which is used as it is.
    std::optional<SallocRequest> allocation;
    bool compileWhereMeasured = false; // PipelineSettings::compileWhereMeasured
};

// The one launcher policy of the CLI and the workbench: srun must be on PATH and the process
// inside an allocation (SLURM_JOB_ID; else the salloc advice) unless the request asks for one
// (askForAllocation: salloc on PATH, its settings well-formed; inside an allocation that one is
// used, and the announcement says so), ssh needs hosts; a CUDA run's
// workers take one GPU each where they run (the pipeline learns which from their hellos).
LauncherChoice chooseLaunchers(const LauncherRequest &request, const Spec &spec);

// The program that starts workers through `kind`: $TUNEBENCH_SRUN or $TUNEBENCH_SSH when set
// (tests put fakes there), else "srun" or "ssh".
std::string launcherProgram(LauncherKind kind);

// "srun", "srun task 2", "ssh node7": how logs and the Run page name the location of the
// bench worker `index` of a run whose measuring workers go through `launchers`.
std::string locationName(const std::vector<LauncherSettings> &launchers, std::size_t index);

} // namespace tb
