#include "eventtimer.h"

#include "cudadriver.h"

namespace tb {

EventTimer::~EventTimer()
{
    for (CUevent event : m_starts)
        m_driver->eventDestroy(event);
    for (CUevent event : m_stops)
        m_driver->eventDestroy(event);
}

CudaStatus EventTimer::reserve(std::size_t count)
{
    while (m_starts.size() < count) {
        CUevent start = nullptr;
        CUevent stop = nullptr;
        if (CudaStatus made =
                m_driver->check(m_driver->eventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
            !made)
            return made;
        m_starts.push_back(start);
        if (CudaStatus made =
                m_driver->check(m_driver->eventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
            !made)
            return made;
        m_stops.push_back(stop);
    }
    return {};
}

CudaStatus EventTimer::recordStart(std::size_t index, CUstream stream)
{
    return m_driver->check(m_driver->eventRecord(m_starts[index], stream), "cuEventRecord");
}

CudaStatus EventTimer::recordStop(std::size_t index, CUstream stream)
{
    return m_driver->check(m_driver->eventRecord(m_stops[index], stream), "cuEventRecord");
}

CudaStatus EventTimer::elapsed(std::size_t count, std::vector<double> &seconds) const
{
    seconds.clear();
    for (std::size_t i = 0; i < count; ++i) {
        float milliseconds = 0;
        if (CudaStatus read =
                m_driver->check(m_driver->eventElapsedTime(&milliseconds, m_starts[i], m_stops[i]),
                                "cuEventElapsedTime");
            !read)
            return read;
        seconds.push_back(static_cast<double>(milliseconds) * 1e-3);
    }
    return {};
}

} // namespace tb
