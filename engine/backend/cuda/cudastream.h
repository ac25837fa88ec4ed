#pragma once

#include "cudafailure.h"

#include <cuda.h>

namespace tb {

class CudaDriver;

// A stream of our own for the measured launches, so the timer's events and CUPTI's records see
// only our work. A blocking stream (CU_STREAM_DEFAULT): the synchronous copies of the argument
// set, on the legacy default stream, are ordered with it. Move-only; destroyed with the object.
class CudaStream
{
public:
    CudaStream() = default;
    CudaStream(CudaStream &&other) noexcept;
    CudaStream &operator=(CudaStream &&other) noexcept;
    CudaStream(const CudaStream &) = delete;
    CudaStream &operator=(const CudaStream &) = delete;
    ~CudaStream();

    CudaStatus create(const CudaDriver &driver);
    CudaStatus synchronize() const;
    CUstream handle() const { return m_stream; }

private:
    void destroy();

    const CudaDriver *m_driver = nullptr;
    CUstream m_stream = nullptr;
};

} // namespace tb
