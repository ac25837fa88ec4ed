#pragma once

#include "cudaargumentset.h"
#include "cudafailure.h"
#include "referenceoutputs.h"

#include "model/configuration.h"
#include "model/spec.h"

#include <cuda.h>

#include <cstddef>
#include <functional>
#include <map>
#include <string>

namespace tb {

class CudaDriver;
class DeviceVerifier;

// What each problem size's outputs must hold, made once per size on first need (the CUDA
// backend's reference concern): what the reference configuration left there, and the outputs'
// expected files, uploaded when a configuration first needs them. A size whose reference
// configuration failed keeps why, and every configuration of that size is reference_failed.
class SizeReferences
{
public:
    struct Reference
    {
        std::string failure; // why the reference configuration could not say; "" when it could
        ReferenceOutputs outputs;
    };
    // Runs the reference configuration at a size, leaving its outputs in the bound buffers.
    using RunReference = std::function<CudaStatus(const Configuration &, std::size_t sizeIndex)>;

    void clear() { m_bySize.clear(); }
    bool has(std::size_t sizeIndex) const { return m_bySize.count(sizeIndex) != 0; }

    // The size's reference, made by `run` on first need. `fault` gets a failure of the
    // reference's run that broke the context, which breaks it for the asking configuration too.
    Reference &forSize(const Spec &spec, std::size_t sizeIndex, const CudaDriver &driver,
                       const CudaArgumentSet &arguments, const RunReference &run,
                       CudaStatus &fault);

    // Whether the outputs a configuration has just left in `arguments` hold what `reference`
    // says, the size's expected files uploaded first where they are not yet.
    static CudaStatus check(Reference &reference, const Spec &spec, std::size_t sizeIndex,
                            const CudaDriver &driver, DeviceVerifier &verifier,
                            const CudaArgumentSet &arguments, CUstream stream);

private:
    static Reference make(const Spec &spec, std::size_t sizeIndex, const CudaDriver &driver,
                          const CudaArgumentSet &arguments, const RunReference &run,
                          CudaStatus &fault);
    static CudaStatus keepExpectedFiles(Reference &reference, const Spec &spec,
                                        std::size_t sizeIndex, const CudaDriver &driver,
                                        const CudaArgumentSet &arguments);

    std::map<std::size_t, Reference> m_bySize;
};

} // namespace tb
