#include "runsetup.h"

#include "backend/cuda/cudaenvironment.h"
#include "backend/cuda/cudarunplan.h"
#include "workerlocation.h"

#include <algorithm>
#include <filesystem>

namespace tb {

namespace {

SessionOptions sessionOptions(const RunChoices &request)
{
    SessionOptions options;
    options.workspacePath = request.workspacePath;
    options.workerCommand = {request.workerPath.empty() ? defaultWorkerPath() : request.workerPath};
    options.workers = std::max(0, request.workers);
    options.strategy = request.strategy;
    options.maxConfigs = request.maxConfigs;
    options.maxSeconds = request.maxSeconds;
    options.fresh = request.fresh;
    options.allowChangedData = request.allowChangedData;
    options.toolVersion = request.toolVersion;
    options.stopRequested = request.stopRequested;
    options.pauseRequested = request.pauseRequested;
    return options;
}

Status applyLaunchers(const Spec &spec, const RunChoices &request, RunSetup &setup)
{
    const LauncherChoice choice = chooseLaunchers(request.launch, spec);
    if (!choice.error.empty())
        return makeError(choice.usageError ? EngineError::Code::InvalidArgument
                                           : EngineError::Code::WorkerError,
                         choice.error);
    setup.options.benchLaunchers = choice.benchLaunchers;
    setup.options.compileWhereMeasured = choice.compileWhereMeasured;
    setup.options.allocation = choice.allocation; // asked for and held by the session
    setup.launcherAnnouncement = choice.announcement;
    if (!choice.benchLaunchers.empty())
        setup.options.workspacePath = std::filesystem::absolute(request.workspacePath).string();
    return ok();
}

Status applyCudaPlan(const Spec &spec, const RunChoices &request, RunSetup &setup)
{
    const CudaEnvironment cuda = probeCudaEnvironment();
    CudaRunRequest wanted;
    wanted.compileOnly = request.compileOnly;
    wanted.gpus = selectGpus(cuda.gpus, request.enabledGpus);
    wanted.noGpuReason = request.noGpuReason;
    wanted.chosenArch = request.arch;
    wanted.chosenBy = request.archChosenBy;
    wanted.launched = !setup.options.benchLaunchers.empty();
    wanted.compileWhereMeasured = setup.options.compileWhereMeasured;
    const CudaRunPlan plan = planCudaRun(cuda, spec, wanted);
    if (!plan.unavailable.empty())
        return makeError(EngineError::Code::NoDevice, plan.unavailable);
    setup.options.compileOnly = plan.compileOnly;
    setup.options.gpus = plan.gpus;
    setup.options.arch = plan.target.arch;
    setup.cudaAnnouncement = plan.announcement;
    return ok();
}

} // namespace

Expected<RunSetup> prepareRun(const Spec &spec, const RunChoices &request)
{
    RunSetup setup;
    setup.options = sessionOptions(request);
    if (Status launchers = applyLaunchers(spec, request, setup); !launchers)
        return launchers.error();
    if (spec.backend == BackendKind::Cuda)
        if (Status cuda = applyCudaPlan(spec, request, setup); !cuda)
            return cuda.error();
    return setup;
}

std::vector<std::string> selectGpus(const std::vector<std::string> &found,
                                    const std::optional<std::vector<std::string>> &enabled)
{
    if (!enabled)
        return found;
    std::vector<std::string> selected;
    for (const std::string &gpu : found)
        if (std::find(enabled->begin(), enabled->end(), gpu) != enabled->end())
            selected.push_back(gpu);
    return selected;
}

} // namespace tb
