#pragma once

#include <string>
#include <vector>

namespace tb {

// How messages name the allocation's settings: the CLI's options, or the workbench's fields.
struct SallocWording
{
    std::string asked = "--salloc";
    std::string partition = "--slurm-partition";
    std::string account = "--slurm-account";
    std::string timeLimit = "--slurm-time";
    std::string arguments = "--salloc-arg";
};

// The Slurm allocation a run asks for when it is not started inside one (issue 22): one task
// per measuring worker, held by the run (SlurmAllocation) and cancelled when it ends.
struct SallocRequest
{
    int tasks = 1;                           // --ntasks: one per measuring worker (srun task)
    std::string partition;                   // --partition; "" leaves it to the site's default
    std::string account;                     // --account
    std::string timeLimit;                   // --time, in Slurm's forms (slurmTimeProblem)
    std::vector<std::string> extraArguments; // added as given, e.g. "--qos=debug"
    bool gpuPerTask = false;                 // a CUDA run: --gpus-per-task=1
    std::string jobName = "tunebench";       // the job's name in squeue
    std::string sallocProgram = "salloc";    // sallocProgram(): $TUNEBENCH_SALLOC, for tests
    std::string scancelProgram = "scancel";  // $TUNEBENCH_SCANCEL
    SallocWording wording;

    bool operator==(const SallocRequest &) const = default;
};

// `salloc --no-shell --job-name=tunebench --ntasks=N [--gpus-per-task=1] [--partition=P]
// [--account=A] [--time=T] [extra...]` as argv: never through a shell.
std::vector<std::string> sallocCommand(const SallocRequest &request);

// "partition ci, account lab, time limit 1:00:00" (the settings given; "the site's defaults"
// when none is): how announcements name the allocation.
std::string describeAllocation(const SallocRequest &request);

// Why `time` is not a Slurm time limit ("" when it is, or is empty): minutes, MM:SS,
// HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, or UNLIMITED / INFINITE.
std::string slurmTimeProblem(const std::string &time);

// Why the request cannot be sent to salloc, naming the setting in the request's words
// ("--slurm-partition 'a b': ..."), or "". Slurm itself judges what exists (salloc's refusal,
// sallocRefusal()); this only catches what can never be right.
std::string sallocRequestProblem(const SallocRequest &request);

// $TUNEBENCH_SALLOC / $TUNEBENCH_SCANCEL when set (tests put fakes there), else the names.
std::string sallocProgram();
std::string scancelProgram();

} // namespace tb
