#include "launcheroptions.h"

#include "optionchecks.h"

namespace tb {

namespace {

void addSallocOptions(CLI::App &tune, LauncherOptions &options)
{
    tune.add_flag("--salloc", options.salloc,
                  "With --launcher srun outside an allocation: ask Slurm for one (salloc "
                  "--no-shell, --srun-tasks tasks, a GPU per task for CUDA), run the workers in "
                  "it and cancel it when the run ends; inside an allocation that one is used");
    tune.add_option("--slurm-partition", options.slurmPartition,
                    "With --salloc: the partition to ask (salloc --partition)");
    tune.add_option("--slurm-account", options.slurmAccount,
                    "With --salloc: the account to charge (salloc --account)");
    tune.add_option("--slurm-time", options.slurmTime,
                    "With --salloc: the time limit (salloc --time: minutes, HH:MM:SS, D-HH...)");
    tune.add_option("--salloc-arg", options.sallocArguments,
                    "With --salloc: an argument for salloc (repeatable), e.g. "
                    "--salloc-arg=--qos=debug")
        ->allow_extra_args(false);
}

} // namespace

void addLauncherOptions(CLI::App &tune, LauncherOptions &options)
{
    options.srunProgram = launcherProgram(LauncherKind::Srun);
    options.sshProgram = launcherProgram(LauncherKind::Ssh);
    options.sallocProgram = sallocProgram();
    options.scancelProgram = scancelProgram();
    tune.add_option("--launcher", options.launcher,
                    "Where the measuring workers run: local, srun (Slurm tasks inside the "
                    "current allocation, or one --salloc asks for) or ssh (--ssh-hosts); a CUDA "
                    "worker takes one GPU where it runs")
        ->check(CLI::IsMember({"local", "srun", "ssh"}))
        ->capture_default_str();
    tune.add_option("--ssh-hosts", options.sshHosts,
                    "With --launcher ssh: the hosts, one measuring worker each")
        ->delimiter(',');
    tune.add_option("--ssh-arg", options.sshArguments,
                    "With --launcher ssh: an argument for each ssh (repeatable), e.g. "
                    "--ssh-arg=-p --ssh-arg=2222")
        ->allow_extra_args(false);
    tune.add_option("--srun-arg", options.srunArguments,
                    "With --launcher srun: an argument for each srun (repeatable), e.g. "
                    "--srun-arg=--partition=gpu")
        ->allow_extra_args(false);
    tune.add_option("--compile-on", options.compileOn,
                    "With --launcher srun or ssh, where configurations are built: here (compile "
                    "workers on this machine, the build cache shared with the nodes) or nodes "
                    "(each measuring worker builds what it measures, for its own GPU: GPUs of "
                    "several architectures in one run, no shared cache needed, builds no longer "
                    "overlap measuring)")
        ->check(CLI::IsMember({"here", "nodes"}))
        ->capture_default_str();
    tune.add_option("--srun-tasks", options.srunTasks,
                    "With --launcher srun: measuring workers, one srun task each")
        ->check(wholeNumberAtLeast(1))
        ->capture_default_str();
    addSallocOptions(tune, options);
}

LauncherRequest launcherRequest(const LauncherOptions &options)
{
    LauncherRequest request;
    request.kind = launcherKindFromString(options.launcher).value_or(LauncherKind::Local);
    request.sshHosts = options.sshHosts;
    request.sshArguments = options.sshArguments;
    request.srunArguments = options.srunArguments;
    request.srunTasks = options.srunTasks;
    request.srunProgram = options.srunProgram;
    request.sshProgram = options.sshProgram;
    request.askForAllocation = options.salloc;
    request.compileWhereMeasured = options.compileOn == "nodes";
    request.allocation.partition = options.slurmPartition;
    request.allocation.account = options.slurmAccount;
    request.allocation.timeLimit = options.slurmTime;
    request.allocation.extraArguments = options.sallocArguments;
    request.allocation.sallocProgram = options.sallocProgram;
    request.allocation.scancelProgram = options.scancelProgram;
    return request; // the CLI's words are the policy's default wording
}

} // namespace tb
