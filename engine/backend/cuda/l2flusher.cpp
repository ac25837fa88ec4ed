#include "l2flusher.h"

#include "cudadriver.h"

#include <algorithm>

namespace tb {

CudaStatus L2Flusher::allocate(std::size_t l2Bytes)
{
    return m_scratch.allocate(std::max<std::size_t>(2 * l2Bytes, std::size_t(1) << 20));
}

CudaStatus L2Flusher::flush(CUstream stream)
{
    m_value = static_cast<unsigned char>(m_value + 1);
    return m_driver->check(
        m_driver->memsetD8Async(m_scratch.pointer(), m_value, m_scratch.bytes(), stream),
        "cuMemsetD8Async (L2 flush)");
}

} // namespace tb
