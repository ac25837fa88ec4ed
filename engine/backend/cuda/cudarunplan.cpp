#include "cudarunplan.h"

#include "model/spec.h"

namespace tb {

CompileTargetInputs compileTargetInputs(const CudaEnvironment &cuda, const Spec &spec,
                                        bool measuring, std::string chosen, std::string chosenBy)
{
    CompileTargetInputs inputs;
    inputs.chosen = std::move(chosen);
    inputs.chosenBy = std::move(chosenBy);
    inputs.specArch = spec.kernel.arch;
    inputs.gpuArch = cuda.arch;
    inputs.gpuName = cuda.deviceName;
    inputs.measuring = measuring;
    return inputs;
}

CudaRunPlan planCudaRun(const CudaEnvironment &cuda, const Spec &spec,
                        const CudaRunRequest &request)
{
    CudaRunPlan plan;
    if (!kCudaBackendBuilt) {
        plan.unavailable = kNoCudaBackend;
        return plan;
    }
    const bool measuring = !request.compileOnly && cuda.driverFound && !request.gpus.empty();
    plan.compileOnly = !measuring;
    if (measuring)
        plan.gpus = request.gpus;
    // No noGpuReason: the announcement says why there is no GPU, once.
    plan.target = chooseCompileTarget(
        compileTargetInputs(cuda, spec, measuring, request.chosenArch, request.chosenBy));
    const std::string target = plan.target.arch + ": " + plan.target.reason;
    if (measuring) {
        plan.announcement = "GPU: " + cuda.deviceName + "; " + std::to_string(plan.gpus.size()) +
                            " bench worker(s)";
    } else if (request.compileOnly) {
        plan.announcement = "Compiling only (for " + target + "): resource usage, no timings.";
    } else {
        const std::string why = cuda.gpus.empty()              ? cuda.whyNot
                                : !request.noGpuReason.empty() ? request.noGpuReason
                                                               : "no GPU enabled for this run";
        plan.announcement = "No GPU to measure on: " + why + ". Compiling only (for " + target +
                            "): resource usage, no timings.";
    }
    return plan;
}

} // namespace tb
