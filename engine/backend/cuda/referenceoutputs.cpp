#include "referenceoutputs.h"

#include "cudadriver.h"
#include "deviceverifier.h"

#include <algorithm>
#include <cstring>

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
        if (!DeviceVerifier::supports(output.type)) {
            if (CudaStatus copied = copyToHost(driver, output, copy); !copied)
                return copied;
        } else {
            if (CudaStatus allocated = copy.device.allocate(bytes); !allocated)
                return allocated;
            if (CudaStatus copied = copy.device.copyFrom(output.pointer, bytes); !copied)
                return copied;
        }
        kept.m_outputs.push_back(std::move(copy));
    }
    return {};
}

CudaStatus ReferenceOutputs::copyToHost(const CudaDriver &driver, const DeviceOutput &output,
                                        Output &copy)
{
    OutputSnapshot snapshot{output.name, output.type, output.count,
                            std::vector<std::byte>(byteCount(output))};
    if (CudaStatus copied = driver.check(
            driver.memcpyDtoH(snapshot.bytes.data(), output.pointer, snapshot.bytes.size()),
            "cuMemcpyDtoH");
        !copied)
        return copied;
    copy.host = std::move(snapshot);
    return {};
}

CudaStatus ReferenceOutputs::keepFile(const CudaDriver &driver, const DeviceOutput &output,
                                      std::span<const unsigned char> bytes)
{
    const std::uint64_t count = bytes.size() / elementSize(output.type);
    Output copy{output.name, count, DeviceBuffer(driver), std::nullopt, true};
    if (DeviceVerifier::supports(output.type)) {
        if (CudaStatus allocated = copy.device.allocate(bytes.size()); !allocated)
            return allocated;
        if (CudaStatus uploaded = copy.device.upload(bytes.data(), bytes.size()); !uploaded)
            return uploaded;
    } else {
        OutputSnapshot snapshot{output.name, output.type, count,
                                std::vector<std::byte>(bytes.size())};
        std::memcpy(snapshot.bytes.data(), bytes.data(), bytes.size());
        copy.host = std::move(snapshot);
    }
    auto same = std::find_if(m_outputs.begin(), m_outputs.end(),
                             [&output](const Output &kept) { return kept.name == output.name; });
    if (same != m_outputs.end())
        *same = std::move(copy);
    else
        m_outputs.push_back(std::move(copy));
    return {};
}

bool ReferenceOutputs::holdsFile(const std::string &output) const
{
    const Output *kept = find(output);
    return kept && kept->fromFile;
}

const ReferenceOutputs::Output *ReferenceOutputs::find(const std::string &name) const
{
    auto found = std::find_if(m_outputs.begin(), m_outputs.end(),
                              [&name](const Output &kept) { return kept.name == name; });
    return found == m_outputs.end() ? nullptr : &*found;
}

CudaStatus ReferenceOutputs::verify(const CudaDriver &driver, DeviceVerifier &verifier,
                                    const std::vector<DeviceOutput> &actual,
                                    const Verification &verification, CUstream stream) const
{
    // The same guards and texts as OutputVerifier's.
    for (const DeviceOutput &got : actual) {
        const Output *expected = find(got.name);
        if (!expected)
            continue; // neither a reference nor a file: not compared
        if (expected->count != got.count)
            return wrongResult(outputCountMessage(got.name, got.count,
                                                  verification.toleranceFor(got.name).comparedWith,
                                                  expected->count));
        std::string mismatch;
        if (CudaStatus compared =
                compare(driver, verifier, *expected, got, verification, stream, mismatch);
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
