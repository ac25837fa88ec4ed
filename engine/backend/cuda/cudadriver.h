#pragma once

#include "cudafailure.h"
#include "model/expected.h"

#include <cuda.h>
#include <cudaTypedefs.h>

#include <string>
#include <string_view>

namespace tb {

// The CUDA driver API, loaded at run time: dlopen("libcuda.so.1"), never linked, so every
// binary starts on machines without a driver (the toolkit's stub libcuda would make it fail to
// start, see TOOLCHAIN.md). <cuda.h> and <cudaTypedefs.h> only give types.
//
// Entry points are resolved with the driver's own cuGetProcAddress (v2, the CUDA 12 form),
// asking for CUDA 12.0 semantics: the driver hands out the variant of each function with the
// ABI of 12.0 (cuMemAlloc_v2, cuDevicePrimaryCtxRelease_v2, the legacy-stream cuLaunchKernel,
// ...), the way cudart does it. dlsym of hand-picked "_v2" names would work too, but would break
// silently when a signature changes under an unversioned name (cuCtxSynchronize takes a context
// from CUDA 13.0 on): here each pointer's type is the PFN_..._vNNNN typedef of the exact version
// requested, so the compiler checks every call against the ABI we asked for.
//
// The library handle is never closed: a process that made a context keeps the driver.
class CudaDriver
{
public:
    static constexpr const char *kLibraryName = "libcuda.so.1";
    static constexpr int kApiVersion = 12000; // the semantics asked of cuGetProcAddress

    // Loads the driver, resolves every entry point and calls cuInit(0). NoDevice, "no CUDA
    // driver found" with dlerror's text as detail when the library is missing; NoDevice too
    // when the driver is older than CUDA 12 or cuInit fails (no GPU, driver/kernel mismatch).
    static Expected<CudaDriver> load(const std::string &libraryName = kLibraryName);

    // "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
    std::string errorText(CUresult code) const;
    // Success for CUDA_SUCCESS; otherwise a CudaFailure classified by classifyCudaError with
    // the message "<what> failed: <errorText>".
    CudaStatus check(CUresult code, std::string_view what) const;

    int version() const { return m_version; } // cuDriverGetVersion: 13000 for CUDA 13.0

    PFN_cuInit_v2000 init = nullptr;
    PFN_cuDriverGetVersion_v2020 driverGetVersion = nullptr;
    PFN_cuDeviceGet_v2000 deviceGet = nullptr;
    PFN_cuDeviceGetCount_v2000 deviceGetCount = nullptr;
    PFN_cuDeviceGetName_v2000 deviceGetName = nullptr;
    PFN_cuDeviceGetAttribute_v2000 deviceGetAttribute = nullptr;
    PFN_cuDeviceGetPCIBusId_v4010 deviceGetPciBusId = nullptr;
    PFN_cuDeviceGetUuid_v11040 deviceGetUuid = nullptr;
    PFN_cuDevicePrimaryCtxRetain_v7000 devicePrimaryCtxRetain = nullptr;
    PFN_cuDevicePrimaryCtxRelease_v11000 devicePrimaryCtxRelease = nullptr;
    PFN_cuCtxSetCurrent_v4000 ctxSetCurrent = nullptr;
    PFN_cuCtxCreate_v11040 ctxCreate = nullptr; // cuCtxCreate_v3, with exec-affinity parameters
    PFN_cuCtxDestroy_v4000 ctxDestroy = nullptr;
    PFN_cuCtxPushCurrent_v4000 ctxPushCurrent = nullptr;
    PFN_cuCtxPopCurrent_v4000 ctxPopCurrent = nullptr;
    PFN_cuCtxGetDevice_v2000 ctxGetDevice = nullptr;
    PFN_cuCtxSynchronize_v2000 ctxSynchronize = nullptr;
    PFN_cuModuleLoadData_v2000 moduleLoadData = nullptr;
    PFN_cuModuleUnload_v2000 moduleUnload = nullptr;
    PFN_cuModuleGetFunction_v2000 moduleGetFunction = nullptr;
    PFN_cuModuleGetGlobal_v3020 moduleGetGlobal = nullptr;
    PFN_cuFuncGetAttribute_v2020 funcGetAttribute = nullptr;
    PFN_cuFuncSetAttribute_v9000 funcSetAttribute = nullptr;
    PFN_cuMemAlloc_v3020 memAlloc = nullptr;
    PFN_cuMemFree_v3020 memFree = nullptr;
    PFN_cuMemcpyHtoD_v3020 memcpyHtoD = nullptr;
    PFN_cuMemcpyDtoH_v3020 memcpyDtoH = nullptr;
    PFN_cuMemcpyDtoD_v3020 memcpyDtoD = nullptr;
    PFN_cuMemsetD8_v3020 memsetD8 = nullptr;
    PFN_cuMemsetD8Async_v3020 memsetD8Async = nullptr;
    PFN_cuLaunchKernel_v4000 launchKernel = nullptr;
    PFN_cuLaunchKernelEx_v11060 launchKernelEx = nullptr; // thread-block clusters (Triton)
    PFN_cuEventCreate_v2000 eventCreate = nullptr;
    PFN_cuEventRecord_v2000 eventRecord = nullptr;
    PFN_cuEventSynchronize_v2000 eventSynchronize = nullptr;
    PFN_cuEventQuery_v2000 eventQuery = nullptr;
    PFN_cuEventElapsedTime_v2000 eventElapsedTime = nullptr;
    PFN_cuEventDestroy_v4000 eventDestroy = nullptr;
    PFN_cuStreamCreate_v2000 streamCreate = nullptr;
    PFN_cuStreamSynchronize_v2000 streamSynchronize = nullptr;
    PFN_cuStreamWaitEvent_v3020 streamWaitEvent = nullptr;
    PFN_cuStreamDestroy_v4000 streamDestroy = nullptr;
    PFN_cuGetErrorName_v6000 getErrorName = nullptr;
    PFN_cuGetErrorString_v6000 getErrorString = nullptr;

private:
    CudaDriver() = default;

    int m_version = 0;
};

// Whether a usable CUDA driver can be loaded here; when not, *why (if given) says why. For the
// CLI and the supervisor, to decide whether to start bench workers.
bool cudaDriverPresent(std::string *why = nullptr);

} // namespace tb
