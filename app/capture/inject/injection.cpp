// The injection library of tunebench-capture. CUDA loads it into the application when
// CUDA_INJECTION64_PATH names it and calls InitializeInjection() once, at cuInit. It subscribes
// to CUPTI's callbacks: module loads (to keep the images of modules with a wanted kernel) and
// the driver's launch calls, which the runtime's launches reach too. It links libcuda and
// CUPTI directly: it only ever runs inside a process the driver has already loaded.
#include "capturesession.h"
#include "model/symbolname.h"

#include <cuda.h>
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

using tb::CaptureSession;
using tb::LaunchCall;
using tb::LaunchSnapshot;

CaptureSession *g_session = nullptr; // lives until the process ends: callbacks may come late
thread_local std::unique_ptr<LaunchSnapshot> t_pending;

void say(const char *text)
{
    std::fprintf(stderr, "tunebench-capture: %s\n", text);
}

LaunchCall callOf(CUpti_CallbackId id, const void *parameters)
{
    LaunchCall call;
    if (id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx ||
        id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz) {
        const auto *p = static_cast<const cuLaunchKernelEx_params *>(parameters);
        const CUlaunchConfig &config = *p->config;
        call = {p->f,
                {config.gridDimX, config.gridDimY, config.gridDimZ},
                {config.blockDimX, config.blockDimY, config.blockDimZ},
                config.sharedMemBytes,
                p->kernelParams,
                p->extra};
        return call;
    }
    // cuLaunchKernel, its per-thread-stream form and cuLaunchCooperativeKernel share a layout
    // up to the parameters (the cooperative one has no `extra`).
    const auto *p = static_cast<const cuLaunchKernel_params *>(parameters);
    call = {p->f,
            {p->gridDimX, p->gridDimY, p->gridDimZ},
            {p->blockDimX, p->blockDimY, p->blockDimZ},
            p->sharedMemBytes,
            p->kernelParams,
            id == CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel ? nullptr : p->extra};
    return call;
}

void noteDevice(CUcontext context)
{
    static bool noted = false;
    CUdevice device = 0;
    if (noted || !context || cuCtxGetDevice(&device) != CUDA_SUCCESS)
        return;
    noted = true;
    char name[256] = {};
    int major = 0;
    int minor = 0;
    cuDeviceGetName(name, sizeof name, device);
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    g_session->setDevice(name, major, minor);
}

void onLaunch(CUpti_CallbackId id, const CUpti_CallbackData &data)
{
    if (data.callbackSite == CUPTI_API_ENTER) {
        noteDevice(data.context);
        const char *symbol = data.symbolName;
        const LaunchCall call = callOf(id, data.functionParams);
        if (!symbol)
            cuFuncGetName(&symbol, call.function);
        if (!symbol)
            return;
        t_pending = g_session->launchStarting(symbol);
        if (t_pending)
            t_pending->before(call);
        return;
    }
    if (!t_pending)
        return;
    const auto *result = static_cast<const CUresult *>(data.functionReturnValue);
    t_pending->after(result && *result == CUDA_SUCCESS);
    g_session->launchRecorded(*t_pending);
    t_pending.reset();
}

void onModuleLoaded(const CUpti_ResourceData &data)
{
    const auto *module = static_cast<const CUpti_ModuleResourceData *>(data.resourceDescriptor);
    if (!module || !module->pCubin || module->cubinSize == 0)
        return;
    const auto image =
        std::span(reinterpret_cast<const std::byte *>(module->pCubin), module->cubinSize);
    const std::string failed =
        g_session->modules().add(module->moduleId, image, [](const std::string &mangled) {
            return g_session->wantsKernel(tb::demangledName(mangled));
        });
    if (!failed.empty())
        g_session->addMessage(failed);
}

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
    if (domain == CUPTI_CB_DOMAIN_DRIVER_API)
        onLaunch(id, *static_cast<const CUpti_CallbackData *>(data));
    else if (domain == CUPTI_CB_DOMAIN_RESOURCE && id == CUPTI_CBID_RESOURCE_MODULE_LOADED)
        onModuleLoaded(*static_cast<const CUpti_ResourceData *>(data));
}

bool subscribe()
{
    CUpti_SubscriberHandle subscriber = nullptr;
    if (cuptiSubscribe(&subscriber, onCallback, nullptr) != CUPTI_SUCCESS) {
        g_session->addMessage("CUPTI refused a subscriber (another profiler may hold it): "
                              "nothing was recorded");
        return false;
    }
    for (const CUpti_CallbackId id :
         {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
          CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
          CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel})
        cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, id);
    cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED);
    return true;
}

void finishAtExit()
{
    if (g_session)
        g_session->finish();
}

} // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection()
{
    std::string why;
    auto settings = tb::CaptureSettings::fromEnvironment(&why);
    if (!settings) {
        say(why.c_str());
        return 0;
    }
    g_session = new CaptureSession(std::move(*settings));
    if (!subscribe())
        return 0;
    std::atexit(finishAtExit);
    return 1;
}
