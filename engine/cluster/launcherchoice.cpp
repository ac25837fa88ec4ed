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

// srun outside an allocation, asked to get one: the run asks Slurm for it (salloc, one task per
// measuring worker) and cancels it when it ends (SlurmAllocation, held by the Session).
LauncherChoice askSlurmForAllocation(LauncherChoice choice, const LauncherRequest &request)
{
    for (const auto &program :
         {request.allocation.sallocProgram, request.allocation.scancelProgram})
        if (!onPath(program))
            return refused(subject(request) + ": '" + program +
                               "' is not on PATH to ask Slurm for an allocation; run on a Slurm "
                               "login node (Debian: apt-get install slurm-client), or use " +
                               request.wording.useLocal,
                           false);
    SallocRequest allocation = request.allocation;
    allocation.tasks = request.srunTasks;
    const std::string tasks = std::to_string(request.srunTasks);
    choice.announcement = "Measuring workers: " + tasks +
                          " srun task(s) in a Slurm allocation asked for when the run starts (" +
                          describeAllocation(allocation) + "; salloc --ntasks=" + tasks +
                          ", cancelled when the run ends)";
    choice.allocation = std::move(allocation);
    return choice;
}

bool hasAllocationSettings(const SallocRequest &allocation)
{
    return !allocation.partition.empty() || !allocation.account.empty() ||
           !allocation.timeLimit.empty() || !allocation.extraArguments.empty();
}

// The allocation's settings without asking for one, or settings salloc could never take.
std::string allocationProblem(const LauncherRequest &request)
{
    const SallocWording &words = request.allocation.wording;
    if (request.askForAllocation)
        return sallocRequestProblem(request.allocation);
    if (hasAllocationSettings(request.allocation))
        return words.partition + ", " + words.account + ", " + words.timeLimit + " and " +
               words.arguments + " need " + words.asked;
    return "";
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
    if (job.empty() && !request.askForAllocation)
        return refused(subject(request) +
                           ": not inside a Slurm allocation (SLURM_JOB_ID is not set); ask for "
                           "one and run inside it, e.g. `salloc --nodes=1 --ntasks=" +
                           std::to_string(request.srunTasks) + " " +
                           request.wording.runInAllocation +
                           "` (add --partition, --account, --time as your site wants), or " +
                           request.wording.askForAllocation,
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
    if (job.empty())
        return askSlurmForAllocation(std::move(choice), request);
    choice.announcement = "Measuring workers: " + std::to_string(request.srunTasks) +
                          " srun task(s) in Slurm job " + job;
    // Inside an allocation already (a workbench started under salloc with the preference on):
    // a second one would hold the nodes twice, so this one is used, and said to be.
    if (request.askForAllocation)
        choice.announcement += ", the allocation this process runs in (" +
                               request.allocation.wording.asked +
                               " is not needed inside one: no other is asked for)";
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

// A CUDA run's measuring workers each take one GPU where they run: an srun task asks Slurm for
// one (--gpus-per-task=1 sets its CUDA_VISIBLE_DEVICES), an ssh host listed n times runs n
// workers on its GPUs 0..n-1. Which GPUs those are, each worker's hello says.
void measureOnTheirGpus(LauncherChoice &choice)
{
    bool srun = false;
    for (auto &launcher : choice.benchLaunchers) {
        launcher.gpuPerTask = launcher.kind == LauncherKind::Srun;
        srun = srun || launcher.gpuPerTask;
    }
    choice.announcement += srun ? ", one GPU each (--gpus-per-task=1)"
                                : ", one GPU each (a host listed n times: its GPUs 0 to n-1)";
}

} // namespace

LauncherChoice chooseLaunchers(const LauncherRequest &request, const Spec &spec)
{
    const LauncherKind kind = request.kind;
    if (kind != LauncherKind::Ssh && (!request.sshHosts.empty() || !request.sshArguments.empty()))
        return refused("--ssh-hosts and --ssh-arg need --launcher ssh", true);
    if (kind != LauncherKind::Srun && (!request.srunArguments.empty() || request.srunTasks != 1))
        return refused("--srun-arg and --srun-tasks need --launcher srun", true);
    if (kind != LauncherKind::Srun &&
        (request.askForAllocation || hasAllocationSettings(request.allocation)))
        return refused(request.allocation.wording.asked + " and the Slurm allocation's settings "
                                                          "need --launcher srun",
                       true);
    if (auto problem = allocationProblem(request); !problem.empty())
        return refused(problem, true);
    if (kind == LauncherKind::Local && request.compileWhereMeasured)
        return refused("--compile-on nodes needs --launcher srun or ssh: a local run's workers "
                       "build here anyway",
                       true);
    if (kind == LauncherKind::Local)
        return {};
    LauncherChoice choice = kind == LauncherKind::Srun ? chooseSrun(request) : chooseSsh(request);
    if (spec.backend == BackendKind::Cuda && choice.error.empty())
        measureOnTheirGpus(choice);
    if (choice.allocation) // the allocation asks for what its tasks will take
        choice.allocation->gpuPerTask = choice.benchLaunchers.front().gpuPerTask;
    if (request.compileWhereMeasured && choice.error.empty()) {
        choice.compileWhereMeasured = true;
        choice.announcement += "; each measuring worker builds what it measures where it runs";
    }
    return choice;
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
