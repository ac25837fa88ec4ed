#include "cudarunsetup.h"

#include "backend/cuda/cudarunplan.h"
#include "run/sessionoptions.h"
#include "settings/gpuselection.h"

namespace tb {

std::optional<QString> applyCudaRunPlan(const Spec &spec, bool compileOnly,
                                        const std::optional<QStringList> &enabledGpus,
                                        SessionOptions &options, QString &why)
{
    const CudaEnvironment cuda = probeCudaEnvironment();
    CudaRunRequest wanted;
    wanted.compileOnly = compileOnly;
    wanted.gpus = selectGpus(cuda.gpus, enabledGpus);
    wanted.noGpuReason = noEnabledGpuReason(enabledGpus).toStdString();
    wanted.launched = !options.benchLaunchers.empty(); // set by the launcher policy before
    const CudaRunPlan plan = planCudaRun(cuda, spec, wanted);
    if (!plan.unavailable.empty()) {
        why = QString::fromStdString(plan.unavailable);
        return std::nullopt;
    }
    options.compileOnly = plan.compileOnly;
    options.gpus = plan.gpus;
    options.arch = plan.target.arch;
    return QString::fromStdString(plan.announcement);
}

} // namespace tb
