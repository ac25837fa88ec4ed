#include "pipelinelaunch.h"

#include "cluster/launcherchoice.h"
#include "runner/supervisor.h"

#include <algorithm>

namespace tb {

namespace {

// An ssh host listed n times gets n measuring workers, on its GPUs 0, 1, ...; an srun task's
// GPU is Slurm's (--gpus-per-task=1 sets its CUDA_VISIBLE_DEVICES).
std::string sshGpuOf(const std::vector<LauncherSettings> &launchers, std::size_t index)
{
    int earlier = 0;
    for (std::size_t i = 0; i < index; ++i)
        earlier += launchers[i].host == launchers[index].host ? 1 : 0;
    return std::to_string(earlier);
}

} // namespace

std::size_t PipelineLaunch::supervisorCount(const PoolDefinition &pool)
{
    return std::max<std::size_t>({1, pool.gpus.size(), pool.launchers.size()});
}

SupervisorOptions PipelineLaunch::options(const PipelineSettings &settings,
                                          const PoolDefinition &pool, std::size_t index)
{
    SupervisorOptions options;
    options.launch.command = settings.workerCommand;
    options.launch.command.insert(
        options.launch.command.end(),
        {"--role", std::string(toString(pool.role)), "--cache-dir", settings.cacheDirectory});
    if (pool.role == WorkerRole::CudaCompile && !settings.arch.empty())
        options.launch.command.insert(options.launch.command.end(), {"--arch", settings.arch});
    options.launch.command.insert(options.launch.command.end(), pool.extraArguments.begin(),
                                  pool.extraArguments.end());
    // A measuring worker killed while it held the GPU's clocks or power limit changed: its
    // scope keeper puts them back (cudabackend.h, GpuSettings).
    if (pool.role == WorkerRole::Cuda) {
        options.launch.afterEnd = settings.workerCommand;
        options.launch.afterEnd.insert(
            options.launch.afterEnd.end(),
            {"--restore-gpu-settings", "--cache-dir", settings.cacheDirectory});
    }
    if (!pool.gpus.empty())
        options.launch.environment.emplace_back("CUDA_VISIBLE_DEVICES",
                                                pool.gpus[index].visibleDevice);
    options.workerCount = pool.workers;
    options.specDocument = settings.specDocument;
    options.baseDirectory = settings.baseDirectory;
    options.cacheDirectory = settings.cacheDirectory;
    options.expectedRole = pool.role;
    if (!settings.referenceName.empty())
        options.referenceName = settings.referenceName;
    launchAt(pool, index, options);
    return options;
}

void PipelineLaunch::launchAt(const PoolDefinition &pool, std::size_t index,
                              SupervisorOptions &options)
{
    if (index >= pool.launchers.size())
        return;
    const LauncherSettings &launcher = pool.launchers[index];
    if (pool.role == WorkerRole::Cuda && launcher.kind == LauncherKind::Ssh)
        options.launch.environment.emplace_back("CUDA_VISIBLE_DEVICES",
                                                sshGpuOf(pool.launchers, index));
    options.launch = launchThrough(launcher, options.launch);
    options.locationName = locationName(pool.launchers, index);
}

GpuIdentity PipelineLaunch::gpuOfLane(const Supervisor &supervisor)
{
    for (const GpuIdentity &gpu : supervisor.workerGpus())
        if (!gpu.arch.empty())
            return gpu;
    return {};
}

} // namespace tb
