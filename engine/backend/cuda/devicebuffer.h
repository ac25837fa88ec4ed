#pragma once

#include "cudafailure.h"

#include <cuda.h>

#include <cstddef>

namespace tb {

class CudaDriver;

// Device memory from cuMemAlloc (256-byte aligned), freed when destroyed. Move-only.
class DeviceBuffer
{
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(const CudaDriver &driver) : m_driver(&driver) {}
    DeviceBuffer(DeviceBuffer &&other) noexcept;
    DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
    DeviceBuffer(const DeviceBuffer &) = delete;
    DeviceBuffer &operator=(const DeviceBuffer &) = delete;
    ~DeviceBuffer();

    // Frees what it held, then allocates `bytes` (at least one byte, so the pointer a kernel
    // gets is never null). Out of memory is invalid_launch: the configuration asked too much.
    CudaStatus allocate(std::size_t bytes);
    void free();

    CUdeviceptr pointer() const { return m_pointer; }
    std::size_t bytes() const { return m_bytes; }
    bool allocated() const { return m_pointer != 0; }

    CudaStatus upload(const void *data, std::size_t bytes) const;
    CudaStatus zero() const; // every byte 0, on the device (no host copy)
    CudaStatus download(void *data, std::size_t bytes) const;
    // Copies min(bytes, this buffer's size) bytes from device memory at `source` (cuMemcpyDtoD:
    // ordered on the legacy default stream, so before later work on any blocking stream).
    CudaStatus copyFrom(CUdeviceptr source, std::size_t bytes) const;

private:
    const CudaDriver *m_driver = nullptr;
    CUdeviceptr m_pointer = 0;
    std::size_t m_bytes = 0;
};

} // namespace tb
