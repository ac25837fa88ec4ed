#pragma once

#include "cudadeviceinfo.h"
#include "model/expected.h"

#include <cuda.h>

namespace tb {

class CudaDriver;

// The primary context of the first visible device, current on the calling thread. A bench
// worker measures one GPU: the supervisor picks it with CUDA_VISIBLE_DEVICES, so the worker
// always takes device 0 of what it sees. The primary context (the one cudart uses) rather than
// a context of our own: it is what production code runs in, with the same default limits.
// Move-only; releases the context when destroyed.
class CudaContext
{
public:
    // NoDevice when no device is visible; BackendError when the context cannot be made.
    static Expected<CudaContext> create(const CudaDriver &driver);

    CudaContext(CudaContext &&other) noexcept;
    CudaContext &operator=(CudaContext &&other) noexcept;
    CudaContext(const CudaContext &) = delete;
    CudaContext &operator=(const CudaContext &) = delete;
    ~CudaContext();

    const CudaDeviceInfo &device() const { return m_info; }
    CUcontext handle() const { return m_context; }
    const CudaDriver &driver() const { return *m_driver; }

    // A kernel fault left the context sticky-broken: nothing more can run in this process.
    void markBroken() { m_broken = true; }
    bool broken() const { return m_broken; }

private:
    CudaContext(const CudaDriver &driver, CUdevice device, CUcontext context, CudaDeviceInfo info);
    void release();

    const CudaDriver *m_driver = nullptr;
    CUdevice m_device = 0;
    CUcontext m_context = nullptr;
    CudaDeviceInfo m_info;
    bool m_broken = false;
};

} // namespace tb
