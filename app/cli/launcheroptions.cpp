#include "launcheroptions.h"

#include "optionchecks.h"

namespace tb {

void addLauncherOptions(CLI::App &tune, LauncherOptions &options)
{
    options.srunProgram = launcherProgram(LauncherKind::Srun);
    options.sshProgram = launcherProgram(LauncherKind::Ssh);
    tune.add_option("--launcher", options.launcher,
                    "Where the measuring workers run: local, srun (Slurm tasks inside the "
                    "current allocation) or ssh (--ssh-hosts); CPU kernels for now")
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
    tune.add_option("--srun-tasks", options.srunTasks,
                    "With --launcher srun: measuring workers, one srun task each")
        ->check(wholeNumberAtLeast(1))
        ->capture_default_str();
}

LauncherChoice chooseLaunchers(const LauncherOptions &options, const Spec &spec)
{
    LauncherRequest request;
    request.kind = launcherKindFromString(options.launcher).value_or(LauncherKind::Local);
    request.sshHosts = options.sshHosts;
    request.sshArguments = options.sshArguments;
    request.srunArguments = options.srunArguments;
    request.srunTasks = options.srunTasks;
    request.srunProgram = options.srunProgram;
    request.sshProgram = options.sshProgram;
    return tb::chooseLaunchers(request, spec); // the CLI's words are the default wording
}

} // namespace tb
