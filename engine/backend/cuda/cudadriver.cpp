#include "cudadriver.h"

#include <dlfcn.h>

namespace tb {

namespace {

EngineError noDriver(std::string message, std::string detail = {})
{
    return makeError(EngineError::Code::NoDevice, std::move(message), std::move(detail));
}

// Resolves the driver's functions through its cuGetProcAddress; remembers the first failure.
class Resolver
{
public:
    explicit Resolver(PFN_cuGetProcAddress_v12000 getProcAddress) : m_getProcAddress(getProcAddress)
    {}

    template <typename Function> void operator()(const char *symbol, Function &function)
    {
        void *address = nullptr;
        CUdriverProcAddressQueryResult found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
        const CUresult code = m_getProcAddress(symbol, &address, CudaDriver::kApiVersion,
                                               CU_GET_PROC_ADDRESS_LEGACY_STREAM, &found);
        if (code != CUDA_SUCCESS || found != CU_GET_PROC_ADDRESS_SUCCESS || !address) {
            if (m_missing.empty())
                m_missing = symbol;
            return;
        }
        // POSIX guarantees that an object pointer from the loader converts to a function one.
        function = reinterpret_cast<Function>(address);
    }

    const std::string &missing() const { return m_missing; }

private:
    PFN_cuGetProcAddress_v12000 m_getProcAddress;
    std::string m_missing;
};

} // namespace

Expected<CudaDriver> CudaDriver::load(const std::string &libraryName)
{
    void *library = dlopen(libraryName.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        return noDriver("no CUDA driver found", why ? why : libraryName + ": cannot be loaded");
    }
    // cuGetProcAddress_v2 came with CUDA 12.0 drivers; the v1 symbol has another signature.
    void *getProcAddress = dlsym(library, "cuGetProcAddress_v2");
    if (!getProcAddress)
        return noDriver("the CUDA driver is older than CUDA 12.0",
                        libraryName + " has no cuGetProcAddress_v2");

    CudaDriver driver;
    Resolver resolve(reinterpret_cast<PFN_cuGetProcAddress_v12000>(getProcAddress));
    resolve("cuInit", driver.init);
    resolve("cuDriverGetVersion", driver.driverGetVersion);
    resolve("cuDeviceGet", driver.deviceGet);
    resolve("cuDeviceGetCount", driver.deviceGetCount);
    resolve("cuDeviceGetName", driver.deviceGetName);
    resolve("cuDeviceGetAttribute", driver.deviceGetAttribute);
    resolve("cuDeviceGetPCIBusId", driver.deviceGetPciBusId);
    resolve("cuDeviceGetUuid", driver.deviceGetUuid);
    resolve("cuDevicePrimaryCtxRetain", driver.devicePrimaryCtxRetain);
    resolve("cuDevicePrimaryCtxRelease", driver.devicePrimaryCtxRelease);
    resolve("cuCtxSetCurrent", driver.ctxSetCurrent);
    resolve("cuCtxCreate", driver.ctxCreate);
    resolve("cuCtxDestroy", driver.ctxDestroy);
    resolve("cuCtxPushCurrent", driver.ctxPushCurrent);
    resolve("cuCtxPopCurrent", driver.ctxPopCurrent);
    resolve("cuCtxGetDevice", driver.ctxGetDevice);
    resolve("cuCtxSynchronize", driver.ctxSynchronize);
    resolve("cuModuleLoadData", driver.moduleLoadData);
    resolve("cuModuleUnload", driver.moduleUnload);
    resolve("cuModuleGetFunction", driver.moduleGetFunction);
    resolve("cuModuleGetGlobal", driver.moduleGetGlobal);
    resolve("cuFuncGetAttribute", driver.funcGetAttribute);
    resolve("cuFuncSetAttribute", driver.funcSetAttribute);
    resolve("cuMemAlloc", driver.memAlloc);
    resolve("cuMemFree", driver.memFree);
    resolve("cuMemcpyHtoD", driver.memcpyHtoD);
    resolve("cuMemcpyDtoH", driver.memcpyDtoH);
    resolve("cuMemcpyDtoD", driver.memcpyDtoD);
    resolve("cuMemsetD8", driver.memsetD8);
    resolve("cuMemsetD8Async", driver.memsetD8Async);
    resolve("cuLaunchKernel", driver.launchKernel);
    resolve("cuLaunchKernelEx", driver.launchKernelEx);
    resolve("cuEventCreate", driver.eventCreate);
    resolve("cuEventRecord", driver.eventRecord);
    resolve("cuEventSynchronize", driver.eventSynchronize);
    resolve("cuEventQuery", driver.eventQuery);
    resolve("cuEventElapsedTime", driver.eventElapsedTime);
    resolve("cuEventDestroy", driver.eventDestroy);
    resolve("cuStreamCreate", driver.streamCreate);
    resolve("cuStreamSynchronize", driver.streamSynchronize);
    resolve("cuStreamWaitEvent", driver.streamWaitEvent);
    resolve("cuStreamDestroy", driver.streamDestroy);
    resolve("cuGetErrorName", driver.getErrorName);
    resolve("cuGetErrorString", driver.getErrorString);
    if (!resolve.missing().empty())
        return noDriver("the CUDA driver lacks " + resolve.missing(),
                        "cuGetProcAddress for CUDA " + std::to_string(kApiVersion));

    if (const CUresult code = driver.init(0); code != CUDA_SUCCESS)
        return noDriver("the CUDA driver failed to initialise", driver.errorText(code));
    if (const CUresult code = driver.driverGetVersion(&driver.m_version); code != CUDA_SUCCESS)
        return noDriver("cannot read the CUDA driver's version", driver.errorText(code));
    return driver;
}

std::string CudaDriver::errorText(CUresult code) const
{
    const char *name = nullptr;
    const char *text = nullptr;
    if (!getErrorName || getErrorName(code, &name) != CUDA_SUCCESS || !name)
        return "CUresult " + std::to_string(static_cast<int>(code));
    if (!getErrorString || getErrorString(code, &text) != CUDA_SUCCESS || !text)
        return name;
    return std::string(name) + ": " + text;
}

CudaStatus CudaDriver::check(CUresult code, std::string_view what) const
{
    if (code == CUDA_SUCCESS)
        return {};
    const CudaErrorClass kind = classifyCudaError(code);
    return CudaFailure{kind.status, std::string(what) + " failed: " + errorText(code),
                       kind.breaksContext};
}

bool cudaDriverPresent(std::string *why)
{
    auto driver = CudaDriver::load();
    if (!driver && why)
        *why = driver.error().toString();
    return driver.hasValue();
}

} // namespace tb
