#pragma once

#include "model/gpuidentity.h"
#include "model/workerrole.h"
#include "pipelinesettings.h"
#include "runner/supervisoroptions.h"
#include "runner/workerlauncher.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

class Supervisor;

// What a pool of the pipeline's workers is: their role, how many per supervisor, and what
// gives a pool more than one supervisor: a GPU each, or a launched location each.
struct PoolDefinition
{
    WorkerRole role = WorkerRole::Cpu;
    int workers = 1; // per supervisor
    std::vector<GpuIdentity> gpus;
    std::vector<std::string> extraArguments;
    std::vector<LauncherSettings> launchers; // one supervisor each, when given
};

// How the pipeline's supervisors are configured: the worker command line of a pool's role,
// each one's GPU, and the launcher (srun, ssh) of a launched location. No process is started
// here.
class PipelineLaunch
{
public:
    // Without GPUs or launchers one supervisor runs every worker of the pool; else one per GPU
    // or location.
    static std::size_t supervisorCount(const PoolDefinition &pool);
    // The options of the pool's supervisor `index`, its activity signal still to be set.
    static SupervisorOptions options(const PipelineSettings &settings, const PoolDefinition &pool,
                                     std::size_t index);
    // The GPU a lane's workers named in their hellos: the first that named one.
    static GpuIdentity gpuOfLane(const Supervisor &supervisor);

private:
    static void launchAt(const PoolDefinition &pool, std::size_t index, SupervisorOptions &options);
};

} // namespace tb
