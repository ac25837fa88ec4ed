#pragma once

#include "backend/common/outputverifier.h"
#include "cudaargumentset.h"
#include "cudafailure.h"
#include "devicebuffer.h"

#include <cuda.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tb {

class CudaDriver;
class DeviceVerifier;

// What a kernel's outputs are expected to hold for one problem size, kept to verify every
// configuration against (the CUDA backend's side of OutputVerifier): what the reference
// configuration left, or an output's expected file, which replaces the reference's copy. An
// output with neither is not compared. An output whose type the
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
    // Keeps `bytes`, an expected file's elements of `output`'s type, as what `output` must hold
    // (uploaded once), in place of the reference's copy. A failure is the driver's.
    CudaStatus keepFile(const CudaDriver &driver, const DeviceOutput &output,
                        std::span<const unsigned char> bytes);
    // Whether `output`'s expected file is kept already.
    bool holdsFile(const std::string &output) const;

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
        bool fromFile = false;
    };

    static CudaStatus copyToHost(const CudaDriver &driver, const DeviceOutput &output,
                                 Output &copy);
    const Output *find(const std::string &name) const;

    CudaStatus compare(const CudaDriver &driver, DeviceVerifier &verifier, const Output &expected,
                       const DeviceOutput &actual, const Verification &verification,
                       CUstream stream, std::string &mismatch) const;

    std::vector<Output> m_outputs;
};

} // namespace tb
