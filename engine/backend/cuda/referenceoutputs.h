#pragma once

#include "backend/common/outputverifier.h"
#include "cudaargumentset.h"
#include "cudafailure.h"
#include "devicebuffer.h"

#include <cuda.h>

#include <optional>
#include <string>
#include <vector>

namespace tb {

class CudaDriver;
class DeviceVerifier;

// What the reference configuration left in a kernel's outputs, kept to verify every other
// configuration against (the CUDA backend's side of OutputVerifier). An output whose type the
// comparison kernel handles (DeviceVerifier::supports()) stays on the device, copied device to
// device, and is compared there; another one is copied to the host and compared by
// OutputVerifier. The guards and the texts are OutputVerifier's.
class ReferenceOutputs
{
public:
    // Keeps what `outputs` hold now, right after the reference configuration ran. A failure is
    // the driver's (allocation, copy).
    static CudaStatus keep(const CudaDriver &driver, const std::vector<DeviceOutput> &outputs,
                           ReferenceOutputs &kept);

    // Compares `actual`, the outputs a configuration has just left, with the kept ones, each
    // with its own tolerances (Verification::toleranceFor): a wrong_result failure names the
    // first differences.
    CudaStatus verify(const CudaDriver &driver, DeviceVerifier &verifier,
                      const std::vector<DeviceOutput> &actual, const Verification &verification,
                      CUstream stream) const;

private:
    struct Output
    {
        std::string name;
        std::uint64_t count = 0;
        DeviceBuffer device;                // where DeviceVerifier compares the type
        std::optional<OutputSnapshot> host; // where OutputVerifier does
    };

    CudaStatus compare(const CudaDriver &driver, DeviceVerifier &verifier, const Output &expected,
                       const DeviceOutput &actual, const Verification &verification,
                       CUstream stream, std::string &mismatch) const;

    std::vector<Output> m_outputs;
};

} // namespace tb
