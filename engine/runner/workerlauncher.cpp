#include "workerlauncher.h"

namespace tb {

namespace {

std::string programOf(const LauncherSettings &launcher)
{
    if (!launcher.program.empty())
        return launcher.program;
    return launcher.kind == LauncherKind::Ssh ? "ssh" : "srun";
}

WorkerLaunch throughSrun(const LauncherSettings &launcher, const WorkerLaunch &local)
{
    WorkerLaunch launch;
    launch.launcher = LauncherKind::Srun;
    // --exact: the step takes the one task's CPUs (and GPU) only, so that the allocation's
    // other workers' steps start beside it rather than wait for it (Slurm 21.08 and later).
    launch.command = {programOf(launcher), "--ntasks=1", "--nodes=1", "--exact"};
    if (launcher.gpuPerTask)
        launch.command.push_back("--gpus-per-task=1");
    launch.command.insert(launch.command.end(), {"--job-name=" + launcher.jobName, "--quiet",
                                                 "--kill-on-bad-exit=1", "--export=ALL"});
    launch.command.insert(launch.command.end(), launcher.extraArguments.begin(),
                          launcher.extraArguments.end());
    launch.command.push_back("--");
    launch.command.insert(launch.command.end(), local.command.begin(), local.command.end());
    launch.environment = local.environment; // srun's own environment, exported to the task
    return launch;
}

WorkerLaunch throughSsh(const LauncherSettings &launcher, const WorkerLaunch &local)
{
    WorkerLaunch launch;
    launch.launcher = LauncherKind::Ssh;
    launch.command = {programOf(launcher), "-o", "BatchMode=yes"};
    launch.command.insert(launch.command.end(), launcher.extraArguments.begin(),
                          launcher.extraArguments.end());
    launch.command.insert(launch.command.end(), {launcher.host, "--"});
    std::string remote;
    if (!local.environment.empty()) {
        remote = "env";
        for (const auto &[name, value] : local.environment)
            remote += " " + shellQuoted(name + "=" + value);
    }
    for (const auto &word : local.command)
        remote += (remote.empty() ? "" : " ") + shellQuoted(word);
    launch.command.push_back(remote + "; exit $?");
    return launch;
}

} // namespace

std::string LauncherSettings::describe() const
{
    switch (kind) {
    case LauncherKind::Local:
        return "local";
    case LauncherKind::Srun:
        return "srun";
    case LauncherKind::Ssh:
        return "ssh " + host;
    }
    return "local";
}

WorkerLaunch launchThrough(const LauncherSettings &launcher, const WorkerLaunch &local)
{
    switch (launcher.kind) {
    case LauncherKind::Local:
        return local;
    case LauncherKind::Srun:
        return throughSrun(launcher, local);
    case LauncherKind::Ssh:
        return throughSsh(launcher, local);
    }
    return local;
}

std::string shellQuoted(const std::string &word)
{
    std::string quoted = "'";
    for (char c : word) {
        if (c == '\'')
            quoted += "'\\''";
        else
            quoted += c;
    }
    return quoted + "'";
}

} // namespace tb
