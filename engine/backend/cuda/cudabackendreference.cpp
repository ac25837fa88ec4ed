// CudaBackend: running a kernel once, the reference configuration's outputs, verification.
#include "cudabackend.h"

#include "space/variables.h"

namespace tb {

namespace {

CudaFailure wrongResult(std::string message)
{
    return {ResultStatus::WrongResult, std::move(message), false};
}

std::size_t byteCount(const DeviceOutput &output)
{
    return static_cast<std::size_t>(output.count) * elementSize(output.type);
}

} // namespace

CudaStatus CudaBackend::bindFor(const Configuration &config, std::size_t sizeIndex,
                                const LoadedKernel &kernel)
{
    const auto values = configurationValues(*m_spec, config, sizeIndex);
    if (CudaStatus bound = m_arguments->bind(values); !bound)
        return bound;
    if (m_constants->empty())
        return {};
    if (CudaStatus bound = m_constants->bind(values); !bound)
        return bound;
    return m_constants->upload(*m_driver, kernel.module);
}

CudaStatus CudaBackend::runOnce(const LoadedKernel &kernel)
{
    if (CudaStatus reset = m_arguments->resetOutputs(); !reset)
        return reset;
    if (CudaStatus launched = kernel.launch.launch(*m_driver, m_stream.handle()); !launched)
        return launched;
    return m_stream.synchronize();
}

bool CudaBackend::needsReference(std::size_t sizeIndex) const
{
    return m_spec && m_context && m_spec->verification.reference && !m_references.count(sizeIndex);
}

// A fault of the reference breaks the context (usable() turns false): the worker sends its
// answer and exits, as after any configuration's fault.
std::string CudaBackend::prepareReference(std::size_t sizeIndex)
{
    try {
        CudaStatus fault;
        return referenceFor(sizeIndex, fault).failure;
    } catch (const std::exception &error) {
        return "the reference configuration failed: " + std::string(error.what());
    } catch (...) {
        return "the reference configuration failed";
    }
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
    const std::string name = referenceLabel(*m_spec);
    Result scratch;
    LoadedKernel kernel;
    Reference reference;
    CudaStatus status = loadKernel(config, sizeIndex, scratch, kernel);
    if (status.ok())
        status = bindFor(config, sizeIndex, kernel);
    if (status.ok())
        status = runOnce(kernel);
    if (status.ok())
        status = keepOutputs(reference);
    if (!status.ok()) {
        // A fault of the reference breaks the context for this configuration too.
        if (status.failure().breaksContext)
            fault = status;
        return {name + " failed (" + std::string(toString(status.failure().status)) +
                    "): " + status.failure().message,
                {}};
    }
    return reference;
}

// The outputs stay on the device, copied device to device; only a type the comparison kernel
// does not handle is copied to the host.
CudaStatus CudaBackend::keepOutputs(Reference &reference) const
{
    for (const DeviceOutput &output : m_arguments->outputs()) {
        ReferenceOutput kept{output.name, output.count, DeviceBuffer(*m_driver), std::nullopt};
        const std::size_t bytes = byteCount(output);
        if (DeviceVerifier::supports(output.type)) {
            if (CudaStatus allocated = kept.device.allocate(bytes); !allocated)
                return allocated;
            if (CudaStatus copied = kept.device.copyFrom(output.pointer, bytes); !copied)
                return copied;
        } else {
            OutputSnapshot snapshot{output.name, output.type, output.count,
                                    std::vector<std::byte>(bytes)};
            if (CudaStatus copied = m_driver->check(
                    m_driver->memcpyDtoH(snapshot.bytes.data(), output.pointer, bytes),
                    "cuMemcpyDtoH");
                !copied)
                return copied;
            kept.host = std::move(snapshot);
        }
        reference.outputs.push_back(std::move(kept));
    }
    return {};
}

CudaStatus CudaBackend::verify(const Reference &reference, const LoadedKernel &kernel)
{
    if (CudaStatus ran = runOnce(kernel); !ran)
        return ran;
    const std::vector<DeviceOutput> outputs = m_arguments->outputs();
    // The same guards and texts as OutputVerifier's.
    if (reference.outputs.size() != outputs.size())
        return wrongResult("the configuration has " + std::to_string(outputs.size()) +
                           " outputs, the reference " + std::to_string(reference.outputs.size()));
    for (std::size_t b = 0; b < outputs.size(); ++b) {
        const ReferenceOutput &expected = reference.outputs[b];
        const DeviceOutput &got = outputs[b];
        if (expected.count != got.count)
            return wrongResult("output '" + got.name + "' has " + std::to_string(got.count) +
                               " elements, the reference's has " + std::to_string(expected.count));
        std::string mismatch;
        if (CudaStatus compared = compareOutput(expected, got, mismatch); !compared)
            return compared;
        if (!mismatch.empty())
            return wrongResult(std::move(mismatch));
    }
    return {};
}

CudaStatus CudaBackend::compareOutput(const ReferenceOutput &expected, const DeviceOutput &actual,
                                      std::string &mismatch)
{
    const double rtol = m_spec->verification.rtol;
    const double atol = m_spec->verification.atol;
    if (!expected.host)
        return m_verifier->compare(actual, expected.device.pointer(), rtol, atol, m_stream.handle(),
                                   mismatch);
    std::vector<std::byte> bytes(byteCount(actual));
    if (CudaStatus copied = m_driver->check(
            m_driver->memcpyDtoH(bytes.data(), actual.pointer, bytes.size()), "cuMemcpyDtoH");
        !copied)
        return copied;
    const OutputVerifier verifier(rtol, atol);
    mismatch = verifier.compare({expected.host->view()},
                                {OutputView{actual.name, actual.type, bytes.data(), actual.count}});
    return {};
}

} // namespace tb
