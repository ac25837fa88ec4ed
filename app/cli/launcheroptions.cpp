#include "launcheroptions.h"

#include "optionchecks.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace tb {

namespace {

std::string environmentOr(const char *name, const char *fallback)
{
    const char *value = std::getenv(name);
    return value && *value ? value : fallback;
}

bool onPath(const std::string &program)
{
    if (program.find('/') != std::string::npos)
        return ::access(program.c_str(), X_OK) == 0;
    const std::string path = environmentOr("PATH", "/usr/local/bin:/usr/bin:/bin");
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find(':', start);
        if (end == std::string::npos)
            end = path.size();
        const std::string directory = path.substr(start, end - start);
        const auto candidate = std::filesystem::path(directory.empty() ? "." : directory) / program;
        if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate))
            return true;
        start = end + 1;
    }
    return false;
}

LauncherChoice refused(std::string error, bool usage)
{
    LauncherChoice choice;
    choice.error = std::move(error);
    choice.usageError = usage;
    return choice;
}

LauncherChoice chooseSrun(const LauncherOptions &options)
{
    if (!onPath(options.srunProgram))
        return refused("--launcher srun: '" + options.srunProgram +
                           "' is not on PATH; run on a Slurm login node (Debian: apt-get install "
                           "slurm-client), or use --launcher local",
                       false);
    const std::string job = environmentOr("SLURM_JOB_ID", "");
    if (job.empty())
        return refused("--launcher srun: not inside a Slurm allocation (SLURM_JOB_ID is not set); "
                       "ask for one and run inside it, e.g. `salloc --nodes=1 --ntasks=" +
                           std::to_string(options.srunTasks) +
                           " tunebench-cli tune SPEC --launcher srun` (add --partition, "
                           "--account, --time as your site wants)",
                       false);
    LauncherChoice choice;
    for (int task = 0; task < options.srunTasks; ++task) {
        LauncherSettings launcher;
        launcher.kind = LauncherKind::Srun;
        launcher.program = options.srunProgram;
        launcher.extraArguments = options.srunArguments;
        launcher.jobName = "tunebench-worker";
        choice.benchLaunchers.push_back(launcher);
    }
    choice.announcement = "Measuring workers: " + std::to_string(options.srunTasks) +
                          " srun task(s) in Slurm job " + job;
    return choice;
}

LauncherChoice chooseSsh(const LauncherOptions &options)
{
    if (options.sshHosts.empty())
        return refused("--launcher ssh needs --ssh-hosts HOST[,HOST...]", true);
    if (!onPath(options.sshProgram))
        return refused("--launcher ssh: '" + options.sshProgram + "' is not on PATH", false);
    LauncherChoice choice;
    std::string hosts;
    for (const auto &host : options.sshHosts) {
        LauncherSettings launcher;
        launcher.kind = LauncherKind::Ssh;
        launcher.program = options.sshProgram;
        launcher.host = host;
        launcher.extraArguments = options.sshArguments;
        choice.benchLaunchers.push_back(launcher);
        hosts += (hosts.empty() ? "" : ", ") + host;
    }
    choice.announcement = "Measuring workers: ssh to " + hosts +
                          " (tunebench-worker at the same path there, the build cache shared)";
    return choice;
}

} // namespace

void addLauncherOptions(CLI::App &tune, LauncherOptions &options)
{
    options.srunProgram = environmentOr("TUNEBENCH_SRUN", "srun");
    options.sshProgram = environmentOr("TUNEBENCH_SSH", "ssh");
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
    const auto kind = launcherKindFromString(options.launcher).value_or(LauncherKind::Local);
    if (kind != LauncherKind::Ssh && (!options.sshHosts.empty() || !options.sshArguments.empty()))
        return refused("--ssh-hosts and --ssh-arg need --launcher ssh", true);
    if (kind != LauncherKind::Srun && (!options.srunArguments.empty() || options.srunTasks != 1))
        return refused("--srun-arg and --srun-tasks need --launcher srun", true);
    if (kind == LauncherKind::Local)
        return {};
    if (spec.backend == BackendKind::Cuda)
        return refused("--launcher " + options.launcher +
                           ": CUDA runs through srun or ssh are not supported yet (the CPU "
                           "backend's are); run tunebench-cli on the GPU node itself, e.g. "
                           "`srun --gpus=1 tunebench-cli tune SPEC`",
                       false);
    return kind == LauncherKind::Srun ? chooseSrun(options) : chooseSsh(options);
}

} // namespace tb
