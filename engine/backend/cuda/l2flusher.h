#pragma once

#include "cudafailure.h"
#include "cudamodule.h"
#include "devicebuffer.h"

#include <cuda.h>

#include <cstddef>

namespace tb {

class CudaDriver;
class NvrtcCompiler;

// Evicts a kernel's data from the L2 cache between samples, so every sample starts cold, as
// the kernel does in production after other work.
//
// It READS a scratch buffer of twice the L2's size with a tiny kernel of its own (built once
// with NVRTC, loads cached at L2 only), then DISCARDS the scratch's lines (sm_80 and later), so
// the measured kernel starts with an empty L2, as under Nsight Compute's cache control. A first
// version wrote the scratch with cuMemsetD8: that evicts too, but leaves L2 full of dirty lines
// whose write-back then lands inside the measured kernel. On the H100 that made a 42 us copy
// kernel read 11% slower than Nsight Compute and a 700 us one 0.6% slower
// (bench/results/cuda_timing_fidelity.md).
//
// The flush kernel is a kernel, so CUPTI records it too: measurement matches records by the
// measured kernel's name, and the events around a launch do not include the flush.
class L2Flusher
{
public:
    explicit L2Flusher(const CudaDriver &driver)
        : m_driver(&driver), m_scratch(driver), m_sink(driver)
    {}

    // Allocates 2 x l2Bytes (at least 1 MiB), zeroes it, and builds the flush kernel.
    CudaStatus prepare(std::size_t l2Bytes, int smCount, const NvrtcCompiler &compiler);
    // Enqueues the read pass and the discard pass on `stream`.
    CudaStatus flush(CUstream stream);

    // The flush kernel's CUDA source (entry tb_l2_flush), for tests that build it.
    static const char *kernelSource();

    std::size_t bytes() const { return m_scratch.bytes(); }

private:
    const CudaDriver *m_driver;
    DeviceBuffer m_scratch;
    DeviceBuffer m_sink; // written only if the XOR of the scratch hits a pattern it never holds
    CudaModule m_module;
    unsigned long long m_vectors = 0; // 16-byte vectors in the scratch
    unsigned int m_blocks = 1;
};

} // namespace tb
