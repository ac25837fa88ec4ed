#include "referenceoutputs.h"

#include "cudadriver.h"
#include "deviceverifier.h"

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

CudaStatus ReferenceOutputs::keep(const CudaDriver &driver,
                                  const std::vector<DeviceOutput> &outputs, ReferenceOutputs &kept)
{
    for (const DeviceOutput &output : outputs) {
        Output copy{output.name, output.count, DeviceBuffer(driver), std::nullopt};
        const std::size_t bytes = byteCount(output);
        if (DeviceVerifier::supports(output.type)) {
            if (CudaStatus allocated = copy.device.allocate(bytes); !allocated)
                return allocated;
            if (CudaStatus copied = copy.device.copyFrom(output.pointer, bytes); !copied)
                return copied;
        } else {
            OutputSnapshot snapshot{output.name, output.type, output.count,
                                    std::vector<std::byte>(bytes)};
            if (CudaStatus copied =
                    driver.check(driver.memcpyDtoH(snapshot.bytes.data(), output.pointer, bytes),
                                 "cuMemcpyDtoH");
                !copied)
                return copied;
            copy.host = std::move(snapshot);
        }
        kept.m_outputs.push_back(std::move(copy));
    }
    return {};
}

CudaStatus ReferenceOutputs::verify(const CudaDriver &driver, DeviceVerifier &verifier,
                                    const std::vector<DeviceOutput> &actual,
                                    const Verification &verification, CUstream stream) const
{
    // The same guards and texts as OutputVerifier's.
    if (m_outputs.size() != actual.size())
        return wrongResult("the configuration has " + std::to_string(actual.size()) +
                           " outputs, the reference " + std::to_string(m_outputs.size()));
    for (std::size_t b = 0; b < actual.size(); ++b) {
        const Output &expected = m_outputs[b];
        const DeviceOutput &got = actual[b];
        if (expected.count != got.count)
            return wrongResult("output '" + got.name + "' has " + std::to_string(got.count) +
                               " elements, the reference's has " + std::to_string(expected.count));
        std::string mismatch;
        if (CudaStatus compared =
                compare(driver, verifier, expected, got, verification, stream, mismatch);
            !compared)
            return compared;
        if (!mismatch.empty())
            return wrongResult(std::move(mismatch));
    }
    return {};
}

CudaStatus ReferenceOutputs::compare(const CudaDriver &driver, DeviceVerifier &verifier,
                                     const Output &expected, const DeviceOutput &actual,
                                     const Verification &verification, CUstream stream,
                                     std::string &mismatch) const
{
    if (!expected.host)
        return verifier.compare(actual, expected.device.pointer(),
                                verification.toleranceFor(actual.name), stream, mismatch);
    std::vector<std::byte> bytes(byteCount(actual));
    if (CudaStatus copied = driver.check(
            driver.memcpyDtoH(bytes.data(), actual.pointer, bytes.size()), "cuMemcpyDtoH");
        !copied)
        return copied;
    const OutputVerifier outputVerifier(verification);
    mismatch =
        outputVerifier.compare({expected.host->view()},
                               {OutputView{actual.name, actual.type, bytes.data(), actual.count}});
    return {};
}

} // namespace tb
