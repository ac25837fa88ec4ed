#pragma once

#include "cudafailure.h"
#include "devicebuffer.h"

#include <cuda.h>

#include <cstddef>

namespace tb {

class CudaDriver;

// Evicts a kernel's data from the L2 cache between samples by writing a scratch buffer twice
// the L2's size (cuMemsetD8Async on the launch stream), so every sample starts cold, as the
// kernel does in production after other work. The byte written alternates, so no sample finds
// the scratch already holding what is being written. The memset is a memset activity, not a
// kernel: CUPTI kernel records never include it; the events around the launch do not either.
class L2Flusher
{
public:
    explicit L2Flusher(const CudaDriver &driver) : m_driver(&driver), m_scratch(driver) {}

    // Allocates 2 x l2Bytes (at least 1 MiB).
    CudaStatus allocate(std::size_t l2Bytes);
    CudaStatus flush(CUstream stream);

    std::size_t bytes() const { return m_scratch.bytes(); }

private:
    const CudaDriver *m_driver;
    DeviceBuffer m_scratch;
    unsigned char m_value = 0;
};

} // namespace tb
