#include "nvrtcarchitectures.h"

#include "nvrtccompiler.h"

#include <nvrtc.h>

#include <algorithm>

namespace tb {

std::vector<int> nvrtcSupportedArchitectures()
{
    int count = 0;
    if (nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS || count <= 0)
        return {};
    std::vector<int> architectures(static_cast<std::size_t>(count));
    if (nvrtcGetSupportedArchs(architectures.data()) != NVRTC_SUCCESS)
        return {};
    return architectures;
}

Expected<std::string> archForComputeCapability(int major, int minor)
{
    const int number = major * 10 + minor;
    const auto supported = nvrtcSupportedArchitectures();
    if (major > 0 && minor >= 0 && minor < 10 &&
        std::find(supported.begin(), supported.end(), number) != supported.end())
        return "sm_" + std::to_string(number);
    std::string list;
    for (int architecture : supported)
        list += (list.empty() ? "sm_" : ", sm_") + std::to_string(architecture);
    // No fallback to an older arch of the same major version (whose cubin would run): the
    // device would be tuned with code built for another chip, which is not what was asked.
    return makeError(EngineError::Code::InvalidArgument,
                     "NVRTC " + NvrtcCompiler::nvrtcVersionText() +
                         " cannot compile for compute capability " + std::to_string(major) + "." +
                         std::to_string(minor),
                     "supported: " + (list.empty() ? std::string("none reported") : list));
}

} // namespace tb
