#include "cudastream.h"

#include "cudadriver.h"

#include <utility>

namespace tb {

CudaStream::CudaStream(CudaStream &&other) noexcept
    : m_driver(other.m_driver), m_stream(std::exchange(other.m_stream, nullptr))
{}

CudaStream &CudaStream::operator=(CudaStream &&other) noexcept
{
    if (this != &other) {
        destroy();
        m_driver = other.m_driver;
        m_stream = std::exchange(other.m_stream, nullptr);
    }
    return *this;
}

CudaStream::~CudaStream()
{
    destroy();
}

CudaStatus CudaStream::create(const CudaDriver &driver)
{
    destroy();
    m_driver = &driver;
    return driver.check(driver.streamCreate(&m_stream, CU_STREAM_DEFAULT), "cuStreamCreate");
}

CudaStatus CudaStream::synchronize() const
{
    return m_driver->check(m_driver->streamSynchronize(m_stream), "cuStreamSynchronize");
}

void CudaStream::destroy()
{
    if (m_stream)
        m_driver->streamDestroy(m_stream);
    m_stream = nullptr;
}

} // namespace tb
