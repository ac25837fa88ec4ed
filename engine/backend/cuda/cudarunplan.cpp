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

GpuIdentity identityOf(const CudaEnvironment &cuda, const std::string &visible)
{
    for (std::size_t i = 0; i < cuda.gpus.size() && i < cuda.devices.size(); ++i)
        if (cuda.gpus[i] == visible)
            return cuda.devices[i];
    GpuIdentity unknown;
    unknown.visibleDevice = visible;
    return unknown;
}

namespace {

// The first GPU's model, and every other GPU of it; the rest left out.
void chooseOneModel(const CudaEnvironment &cuda, const std::vector<std::string> &enabled,
                    CudaRunPlan &plan)
{
    for (const std::string &visible : enabled) {
        GpuIdentity gpu = identityOf(cuda, visible);
        if (plan.gpus.empty() || gpu.name == plan.gpus.front().name)
            plan.gpus.push_back(std::move(gpu));
        else
            plan.leftOut.push_back(std::move(gpu));
    }
}

std::string leftOutNote(const CudaRunPlan &plan)
{
    if (plan.leftOut.empty())
        return {};
    std::string names;
    for (const GpuIdentity &gpu : plan.leftOut)
        names += (names.empty() ? "" : ", ") + ("GPU " + gpu.visibleDevice + " (" + gpu.name + ")");
    return ". Left out " + names + ": results of different GPU models are never ranked " +
           "together, so a run measures on the first GPU's model (CUDA_VISIBLE_DEVICES or the " +
           "Preferences choose the GPUs)";
}

// Measuring on the GPUs of workers started through srun or ssh: this machine's GPUs (a login
// node has none) play no part. The builds are for the architecture the user chose, else for
// the first launched GPU's, which only its worker's hello tells (target.arch left empty).
CudaRunPlan planLaunchedRun(const Spec &spec, const CudaRunRequest &request)
{
    CudaRunPlan plan;
    plan.compileOnly = false;
    if (!request.chosenArch.empty()) {
        CompileTargetInputs inputs;
        inputs.chosen = request.chosenArch;
        inputs.chosenBy = request.chosenBy;
        inputs.specArch = spec.kernel.arch;
        inputs.measuring = true;
        plan.target = chooseCompileTarget(inputs);
    } else if (request.compileWhereMeasured) {
        plan.target.reason = "each launched worker's own GPU, built where it runs";
    } else {
        plan.target.reason = "the first launched worker's GPU";
    }
    const DevicePeaks peaks = effectivePeaks(spec.peaks, {});
    plan.announcement = "GPUs: one per launched worker, found where each runs; compiling for " +
                        (plan.target.arch.empty() ? plan.target.reason
                                                  : plan.target.arch + ": " + plan.target.reason) +
                        (peaks.empty() ? "" : "; peaks " + describePeaks(peaks));
    return plan;
}

} // namespace

CudaRunPlan planCudaRun(const CudaEnvironment &cuda, const Spec &spec,
                        const CudaRunRequest &request)
{
    CudaRunPlan plan;
    if (!kCudaBackendBuilt) {
        plan.unavailable = kNoCudaBackend;
        return plan;
    }
    if (request.launched && !request.compileOnly)
        return planLaunchedRun(spec, request);
    const bool measuring = !request.compileOnly && cuda.driverFound && !request.gpus.empty();
    plan.compileOnly = !measuring;
    if (measuring)
        chooseOneModel(cuda, request.gpus, plan);
    // No noGpuReason: the announcement says why there is no GPU, once.
    CompileTargetInputs inputs =
        compileTargetInputs(cuda, spec, measuring, request.chosenArch, request.chosenBy);
    if (measuring && !plan.gpus.front().arch.empty()) { // the measuring GPU's, not device 0's
        inputs.gpuArch = plan.gpus.front().arch;
        inputs.gpuName = plan.gpus.front().name;
    }
    plan.target = chooseCompileTarget(inputs);
    const std::string target = plan.target.arch + ": " + plan.target.reason;
    if (measuring) {
        // The probe describes device 0 in full ("... (sm_90, 132 SMs)"); another model by name.
        const GpuIdentity &first = plan.gpus.front();
        const bool isDeviceZero = cuda.devices.empty() || first.name == cuda.devices.front().name;
        const std::string name = first.name.empty() || isDeviceZero ? cuda.deviceName : first.name;
        const DevicePeaks peaks = effectivePeaks(spec.peaks, first.peaks);
        plan.announcement =
            "GPU: " + name + "; " + std::to_string(plan.gpus.size()) + " bench worker(s)" +
            (peaks.empty() ? "" : "; peaks " + describePeaks(peaks)) + leftOutNote(plan);
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
