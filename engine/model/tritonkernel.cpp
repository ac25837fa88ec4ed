#include "tritonkernel.h"

#include <algorithm>

namespace tb {

bool isTritonKernel(const KernelSource &kernel)
{
    return kernel.language == "triton";
}

bool isTritonLaunchOption(std::string_view name)
{
    return std::find(kTritonLaunchOptions.begin(), kTritonLaunchOptions.end(), name) !=
           kTritonLaunchOptions.end();
}

std::string tritonBlockExpression(const Spec &spec)
{
    const bool tuned = std::any_of(spec.parameters.begin(), spec.parameters.end(),
                                   [](const Parameter &p) { return p.name == "num_warps"; });
    return tuned ? "32 * num_warps" : std::to_string(32 * kTritonDefaultWarps);
}

} // namespace tb
