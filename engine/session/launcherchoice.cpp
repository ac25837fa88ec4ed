#include "launcherchoice.h"

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

std::string subject(const LauncherRequest &request)
{
    return request.wording.choice + " " + toString(request.kind);
}

LauncherChoice chooseSrun(const LauncherRequest &request)
{
    if (!onPath(request.srunProgram))
        return refused(subject(request) + ": '" + request.srunProgram +
                           "' is not on PATH; run on a Slurm login node (Debian: apt-get install "
                           "slurm-client), or use " +
                           request.wording.useLocal,
                       false);
    const std::string job = environmentOr("SLURM_JOB_ID", "");
    if (job.empty())
        return refused(subject(request) +
                           ": not inside a Slurm allocation (SLURM_JOB_ID is not set); ask for "
                           "one and run inside it, e.g. `salloc --nodes=1 --ntasks=" +
                           std::to_string(request.srunTasks) + " " +
                           request.wording.runInAllocation +
                           "` (add --partition, --account, --time as your site wants)",
                       false);
    LauncherChoice choice;
    for (int task = 0; task < request.srunTasks; ++task) {
        LauncherSettings launcher;
        launcher.kind = LauncherKind::Srun;
        launcher.program = request.srunProgram;
        launcher.extraArguments = request.srunArguments;
        launcher.jobName = "tunebench-worker";
        choice.benchLaunchers.push_back(launcher);
    }
    choice.announcement = "Measuring workers: " + std::to_string(request.srunTasks) +
                          " srun task(s) in Slurm job " + job;
    return choice;
}

LauncherChoice chooseSsh(const LauncherRequest &request)
{
    if (request.sshHosts.empty())
        return refused(request.wording.sshHostsNeeded, true);
    if (!onPath(request.sshProgram))
        return refused(subject(request) + ": '" + request.sshProgram + "' is not on PATH", false);
    LauncherChoice choice;
    std::string hosts;
    for (const auto &host : request.sshHosts) {
        LauncherSettings launcher;
        launcher.kind = LauncherKind::Ssh;
        launcher.program = request.sshProgram;
        launcher.host = host;
        launcher.extraArguments = request.sshArguments;
        choice.benchLaunchers.push_back(launcher);
        hosts += (hosts.empty() ? "" : ", ") + host;
    }
    choice.announcement = "Measuring workers: ssh to " + hosts +
                          " (tunebench-worker at the same path there, the build cache shared)";
    return choice;
}

} // namespace

LauncherChoice chooseLaunchers(const LauncherRequest &request, const Spec &spec)
{
    const LauncherKind kind = request.kind;
    if (kind != LauncherKind::Ssh && (!request.sshHosts.empty() || !request.sshArguments.empty()))
        return refused("--ssh-hosts and --ssh-arg need --launcher ssh", true);
    if (kind != LauncherKind::Srun && (!request.srunArguments.empty() || request.srunTasks != 1))
        return refused("--srun-arg and --srun-tasks need --launcher srun", true);
    if (kind == LauncherKind::Local)
        return {};
    if (spec.backend == BackendKind::Cuda)
        return refused(subject(request) +
                           ": CUDA runs through srun or ssh are not supported yet (the CPU "
                           "backend's are); run " +
                           request.wording.runOnGpuNode,
                       false);
    return kind == LauncherKind::Srun ? chooseSrun(request) : chooseSsh(request);
}

std::string launcherProgram(LauncherKind kind)
{
    switch (kind) {
    case LauncherKind::Srun:
        return environmentOr("TUNEBENCH_SRUN", "srun");
    case LauncherKind::Ssh:
        return environmentOr("TUNEBENCH_SSH", "ssh");
    case LauncherKind::Local:
        break;
    }
    return "";
}

std::string locationName(const std::vector<LauncherSettings> &launchers, std::size_t index)
{
    if (index >= launchers.size())
        return "";
    const LauncherSettings &launcher = launchers[index];
    std::string name = launcher.describe();
    if (launchers.size() > 1 && launcher.kind == LauncherKind::Srun)
        name += " task " + std::to_string(index + 1);
    return name;
}

} // namespace tb
