#include "tritonlaunchparameters.h"

#include <algorithm>

namespace tb {

CudaStatus TritonLaunchParameters::bind(const TritonLaunch &launch,
                                        const std::vector<Argument> &specArguments,
                                        void **specParams, const LaunchShape &shape)
{
    m_params.clear();
    // Only parameters are in specParams (no __constant__ arguments: a Triton spec has none).
    std::vector<const Argument *> passed;
    for (const Argument &argument : specArguments)
        if (argument.isParameter())
            passed.push_back(&argument);
    for (const std::string &name : launch.arguments) {
        const auto found = std::find_if(passed.begin(), passed.end(),
                                        [&](const Argument *a) { return a->name == name; });
        if (found == passed.end())
            return CudaFailure{ResultStatus::RuntimeError,
                               "the Triton build passes a parameter '" + name +
                                   "' that the spec has no argument for",
                               false};
        m_params.push_back(specParams[found - passed.begin()]);
    }
    const std::uint64_t programs = shape.grid[0] * shape.grid[1] * shape.grid[2];
    if (CudaStatus allocated =
            allocateScratch(m_globalScratch, m_globalPointer, launch.globalScratchBytes, programs);
        !allocated)
        return allocated;
    if (CudaStatus allocated = allocateScratch(m_profileScratch, m_profilePointer,
                                               launch.profileScratchBytes, programs);
        !allocated)
        return allocated;
    m_params.push_back(&m_globalPointer);
    m_params.push_back(&m_profilePointer);
    return {};
}

CudaStatus TritonLaunchParameters::allocateScratch(DeviceBuffer &buffer, CUdeviceptr &pointer,
                                                   std::uint64_t bytesPerProgram,
                                                   std::uint64_t programs)
{
    pointer = 0;
    if (bytesPerProgram == 0)
        return {};
    // The grid's x already counts num_ctas (CudaBackend::applyTritonLaunch multiplies it), as
    // Triton sizes the scratch: grid x * y * z * num_ctas programs.
    const std::uint64_t bytes = bytesPerProgram * programs;
    if (buffer.bytes() != bytes)
        if (CudaStatus allocated = buffer.allocate(bytes); !allocated)
            return allocated;
    pointer = buffer.pointer(); // cuMemAlloc's 256-byte alignment covers Triton's
    return {};
}

} // namespace tb
