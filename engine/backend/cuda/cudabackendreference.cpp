// CudaBackend: running a kernel once, the reference configuration's outputs, verification.
#include "cudabackend.h"

#include "space/variables.h"

namespace tb {

CudaStatus CudaBackend::bindFor(const Configuration &config, std::size_t sizeIndex)
{
    return m_arguments->bind(configurationValues(*m_spec, config, sizeIndex));
}

CudaStatus CudaBackend::runOnce(const LoadedKernel &kernel)
{
    if (CudaStatus reset = m_arguments->resetOutputs(); !reset)
        return reset;
    if (CudaStatus launched = kernel.launch.launch(*m_driver, m_stream.handle()); !launched)
        return launched;
    if (CudaStatus synced = m_stream.synchronize(); !synced)
        return synced;
    return m_arguments->downloadOutputs();
}

const CudaBackend::Reference &CudaBackend::referenceFor(std::size_t sizeIndex, CudaStatus &fault)
{
    auto found = m_references.find(sizeIndex);
    if (found == m_references.end())
        found = m_references.emplace(sizeIndex, computeReference(sizeIndex, fault)).first;
    return found->second;
}

CudaBackend::Reference CudaBackend::computeReference(std::size_t sizeIndex, CudaStatus &fault)
{
    const Configuration config{*m_spec->verification.reference};
    const std::string name = "the reference configuration " + config.key(m_spec->parameters);
    Result scratch;
    LoadedKernel kernel;
    CudaStatus status = loadKernel(config, sizeIndex, scratch, kernel);
    if (status.ok())
        status = bindFor(config, sizeIndex);
    if (status.ok())
        status = runOnce(kernel);
    if (!status.ok()) {
        // A fault of the reference breaks the context for this configuration too.
        if (status.failure().breaksContext)
            fault = status;
        return {name + " failed (" + std::string(toString(status.failure().status)) +
                    "): " + status.failure().message,
                {}};
    }
    Reference reference;
    for (const auto &output : m_arguments->outputs())
        reference.outputs.push_back(OutputSnapshot::copyOf(output));
    return reference;
}

CudaStatus CudaBackend::verify(const Reference &reference, const LoadedKernel &kernel)
{
    if (CudaStatus ran = runOnce(kernel); !ran)
        return ran;
    const OutputVerifier verifier(m_spec->verification.rtol, m_spec->verification.atol);
    if (std::string mismatch = verifier.compare(reference.outputs, m_arguments->outputs());
        !mismatch.empty())
        return CudaFailure{ResultStatus::WrongResult, mismatch, false};
    return {};
}

} // namespace tb
