#include "runchoices.h"

#include "gpuselection.h"

namespace tb {

RunChoices runChoices(const RunRequest &request)
{
    RunChoices choices;
    choices.workspacePath = request.workspacePath.toStdString();
    choices.workerPath = request.workerPath.toStdString();
    choices.workers = request.workers;
    if (request.strategy)
        choices.strategy = request.strategy->toStdString();
    choices.maxConfigs = request.maxConfigs;
    choices.maxSeconds = request.maxSeconds;
    choices.fresh = request.fresh;
    choices.compileOnly = request.compileOnly;
    applyEnabledGpus(request.enabledGpus, choices);
    choices.launch = launcherRequest(request.launcherPreference);
    choices.toolVersion = TUNEBENCH_VERSION;
    return choices;
}

void applyEnabledGpus(const std::optional<QStringList> &enabled, RunChoices &choices)
{
    if (enabled) {
        choices.enabledGpus.emplace();
        for (const QString &gpu : *enabled)
            choices.enabledGpus->push_back(gpu.toStdString());
    }
    choices.noGpuReason = noEnabledGpuReason(enabled).toStdString();
}

} // namespace tb
