#include "sizereferences.h"

#include "backend/common/expectedoutputfile.h"
#include "space/variables.h"

namespace tb {

SizeReferences::Reference &SizeReferences::forSize(const Spec &spec, std::size_t sizeIndex,
                                                   const CudaDriver &driver,
                                                   const CudaArgumentSet &arguments,
                                                   const RunReference &run, CudaStatus &fault)
{
    auto found = m_bySize.find(sizeIndex);
    if (found == m_bySize.end())
        found =
            m_bySize.emplace(sizeIndex, make(spec, sizeIndex, driver, arguments, run, fault)).first;
    return found->second;
}

SizeReferences::Reference SizeReferences::make(const Spec &spec, std::size_t sizeIndex,
                                               const CudaDriver &driver,
                                               const CudaArgumentSet &arguments,
                                               const RunReference &run, CudaStatus &fault)
{
    if (!spec.verification.reference)
        return {}; // the expected files alone, kept as configurations first need them
    Reference reference;
    CudaStatus status = run(Configuration{*spec.verification.reference}, sizeIndex);
    if (status.ok())
        status = ReferenceOutputs::keep(driver, arguments.outputs(), reference.outputs);
    if (status.ok())
        return reference;
    // A fault of the reference breaks the context for the asking configuration too.
    if (status.failure().breaksContext)
        fault = status;
    return {referenceLabel(spec) + " failed (" + std::string(toString(status.failure().status)) +
                "): " + status.failure().message,
            {}};
}

CudaStatus SizeReferences::check(Reference &reference, const Spec &spec, std::size_t sizeIndex,
                                 const CudaDriver &driver, DeviceVerifier &verifier,
                                 const CudaArgumentSet &arguments, CUstream stream)
{
    if (CudaStatus kept = keepExpectedFiles(reference, spec, sizeIndex, driver, arguments); !kept)
        return kept;
    return reference.outputs.verify(driver, verifier, arguments.outputs(), spec.verification,
                                    stream);
}

// The expected files of this size's outputs, uploaded on first use: their element counts are
// the bound outputs' (a file that no longer serves is reference_failed, as the reference's own
// failure would be).
CudaStatus SizeReferences::keepExpectedFiles(Reference &reference, const Spec &spec,
                                             std::size_t sizeIndex, const CudaDriver &driver,
                                             const CudaArgumentSet &arguments)
{
    for (const DeviceOutput &output : arguments.outputs()) {
        if (reference.outputs.holdsFile(output.name))
            continue;
        auto file = openExpectedOutputFile(spec, output.name, output.count, sizeIndex);
        if (!file)
            return CudaFailure{ResultStatus::ReferenceFailed, file.error().message, false};
        if (!*file)
            continue;
        if (CudaStatus kept = reference.outputs.keepFile(driver, output, (*file)->elements());
            !kept)
            return kept;
    }
    return {};
}

} // namespace tb
