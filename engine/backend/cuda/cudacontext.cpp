#include "cudacontext.h"

#include "cudadriver.h"

#include <utility>

namespace tb {

Expected<CudaContext> CudaContext::create(const CudaDriver &driver)
{
    int count = 0;
    if (const CUresult code = driver.deviceGetCount(&count); code != CUDA_SUCCESS)
        return makeError(EngineError::Code::NoDevice, "cannot count the CUDA devices",
                         driver.errorText(code));
    if (count == 0)
        return makeError(EngineError::Code::NoDevice, "no CUDA device is visible",
                         "check CUDA_VISIBLE_DEVICES");
    CUdevice device = 0;
    if (const CUresult code = driver.deviceGet(&device, 0); code != CUDA_SUCCESS)
        return makeError(EngineError::Code::NoDevice, "cannot open CUDA device 0",
                         driver.errorText(code));
    auto info = queryDeviceInfo(driver, device, 0);
    if (!info)
        return info.error();
    CUcontext context = nullptr;
    if (const CUresult code = driver.devicePrimaryCtxRetain(&context, device); code != CUDA_SUCCESS)
        return makeError(EngineError::Code::BackendError,
                         "cannot create a CUDA context on " + info->name, driver.errorText(code));
    if (const CUresult code = driver.ctxSetCurrent(context); code != CUDA_SUCCESS) {
        driver.devicePrimaryCtxRelease(device);
        return makeError(EngineError::Code::BackendError, "cannot make the CUDA context current",
                         driver.errorText(code));
    }
    return CudaContext(driver, device, context, std::move(*info));
}

CudaContext::CudaContext(const CudaDriver &driver, CUdevice device, CUcontext context,
                         CudaDeviceInfo info)
    : m_driver(&driver), m_device(device), m_context(context), m_info(std::move(info))
{}

CudaContext::CudaContext(CudaContext &&other) noexcept
    : m_driver(other.m_driver), m_device(other.m_device),
      m_context(std::exchange(other.m_context, nullptr)), m_info(std::move(other.m_info)),
      m_broken(other.m_broken)
{}

CudaContext &CudaContext::operator=(CudaContext &&other) noexcept
{
    if (this != &other) {
        release();
        m_driver = other.m_driver;
        m_device = other.m_device;
        m_context = std::exchange(other.m_context, nullptr);
        m_info = std::move(other.m_info);
        m_broken = other.m_broken;
    }
    return *this;
}

CudaContext::~CudaContext()
{
    release();
}

void CudaContext::release()
{
    if (m_context)
        m_driver->devicePrimaryCtxRelease(m_device);
    m_context = nullptr;
}

} // namespace tb
