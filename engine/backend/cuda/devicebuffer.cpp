#include "devicebuffer.h"

#include "cudadriver.h"

#include <algorithm>
#include <utility>

namespace tb {

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : m_driver(other.m_driver), m_pointer(std::exchange(other.m_pointer, 0)),
      m_bytes(std::exchange(other.m_bytes, 0))
{}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept
{
    if (this != &other) {
        free();
        m_driver = other.m_driver;
        m_pointer = std::exchange(other.m_pointer, 0);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

DeviceBuffer::~DeviceBuffer()
{
    free();
}

CudaStatus DeviceBuffer::allocate(std::size_t bytes)
{
    free();
    CUdeviceptr pointer = 0;
    const CUresult code = m_driver->memAlloc(&pointer, std::max<std::size_t>(bytes, 1));
    if (code != CUDA_SUCCESS)
        return m_driver->check(code, "cuMemAlloc of " + std::to_string(bytes) + " bytes");
    m_pointer = pointer;
    m_bytes = bytes;
    return {};
}

void DeviceBuffer::free()
{
    if (m_pointer)
        m_driver->memFree(m_pointer); // fails only in a broken context, where nothing matters
    m_pointer = 0;
    m_bytes = 0;
}

CudaStatus DeviceBuffer::upload(const void *data, std::size_t bytes) const
{
    return m_driver->check(m_driver->memcpyHtoD(m_pointer, data, std::min(bytes, m_bytes)),
                           "cuMemcpyHtoD");
}

CudaStatus DeviceBuffer::zero() const
{
    return m_driver->check(m_driver->memsetD8(m_pointer, 0, m_bytes), "cuMemsetD8");
}

CudaStatus DeviceBuffer::download(void *data, std::size_t bytes) const
{
    return m_driver->check(m_driver->memcpyDtoH(data, m_pointer, std::min(bytes, m_bytes)),
                           "cuMemcpyDtoH");
}

CudaStatus DeviceBuffer::copyFrom(CUdeviceptr source, std::size_t bytes) const
{
    return m_driver->check(m_driver->memcpyDtoD(m_pointer, source, std::min(bytes, m_bytes)),
                           "cuMemcpyDtoD");
}

} // namespace tb
