#include "compiletarget.h"

namespace tb {

CompileTarget chooseCompileTarget(const CompileTargetInputs &inputs)
{
    if (!inputs.chosen.empty())
        return {inputs.chosen, inputs.chosenBy.empty() ? "chosen" : inputs.chosenBy};
    if (inputs.measuring && !inputs.gpuArch.empty())
        return {inputs.gpuArch, "the GPU's: " + inputs.gpuName};
    if (!inputs.specArch.empty())
        return {inputs.specArch, "the spec's kernel.arch"};
    if (!inputs.gpuArch.empty())
        return {inputs.gpuArch, "the GPU's: " + inputs.gpuName};
    std::string reason = "the default, no GPU here";
    if (!inputs.noGpuReason.empty())
        reason += ": " + inputs.noGpuReason;
    return {kDefaultCompileArch, reason};
}

} // namespace tb
