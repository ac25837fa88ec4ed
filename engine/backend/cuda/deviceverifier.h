#pragma once

#include "cudafailure.h"
#include "cudamodule.h"
#include "devicebuffer.h"
#include "model/spec.h"

#include <cuda.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tb {

class CudaDriver;
class NvrtcCompiler;

// An output buffer where it lies on the device.
struct DeviceOutput
{
    std::string name;
    ElementType type = ElementType::Float32;
    CUdeviceptr pointer = 0;
    std::uint64_t count = 0;
};

// Compares a configuration's output with the reference's on the GPU, with exactly
// OutputVerifier's rule, allowance and message: an element matches when it equals the
// reference (as a double; infinities included) or when |x - ref| <= atol + rtol * |ref|; NaN
// never matches; the output passes while no more elements differ than max_mismatches allows.
//
// Copying a 4096^2 output back to pageable memory and walking it on the CPU took as long as
// measuring the kernel (bench/results/cuda_throughput.md); here only two counters (16 bytes)
// come back, and on a failing output the two elements of each of the first few differing
// ones, for the message.
//
// The comparison kernel is a template built once per element type with NVRTC, on first use
// (a disk-cache hit after the first run). float32, float64, int32, int64 and uint32 are
// compared here; other types go the host way (supports() is false for them).
class DeviceVerifier
{
public:
    DeviceVerifier(const CudaDriver &driver, const NvrtcCompiler &compiler, int smCount);

    static bool supports(ElementType type);
    // The kernel's name expression for a supported type: "tb_verify<float>".
    static std::string entryFor(ElementType type);
    // The comparison kernel's CUDA source (a template over the element type).
    static const char *kernelSource();

    // Compares `actual` with `reference` (the same type and count) on `stream`, then waits for
    // it. `mismatch` is left empty when no more elements differ than `tolerance` allows, and
    // gets the message otherwise.
    CudaStatus compare(const DeviceOutput &actual, CUdeviceptr reference,
                       const OutputTolerance &tolerance, CUstream stream, std::string &mismatch);

    // What one pass of the kernel found from an element on: how many elements there differ,
    // and the lowest such index (~0 when none).
    struct MismatchScan
    {
        std::uint64_t count = 0;
        std::uint64_t firstIndex = ~0ULL;
    };
    using ScanFrom = CudaStatus(std::uint64_t begin, MismatchScan &found);
    // The lowest differing indices for the message, at most kShownMismatches: `whole` is the
    // pass over every element, and each further pass starts just past the last index found.
    // The kernel keeps one index, so this costs a pass per index, on a failing output only.
    static CudaStatus firstMismatchIndices(const MismatchScan &whole,
                                           const std::function<ScanFrom> &scanFrom,
                                           std::vector<std::uint64_t> &indices);

private:
    CudaStatus scan(const DeviceOutput &actual, CUdeviceptr reference,
                    const OutputTolerance &tolerance, std::uint64_t begin, CUstream stream,
                    MismatchScan &found);
    CudaStatus kernelFor(ElementType type, CUfunction &function);
    CudaStatus elementAt(CUdeviceptr data, ElementType type, std::uint64_t index,
                         double &value) const;

    const CudaDriver *m_driver;
    const NvrtcCompiler *m_compiler;
    DeviceBuffer m_counters;                             // mismatch count, first index
    std::array<CudaModule, kElementTypeCount> m_modules; // by ElementType; loaded on first use
    unsigned int m_blocks;
};

} // namespace tb
