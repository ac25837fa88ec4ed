#include "contextswitcher.h"

#include "cudadriver.h"
#include "internalkernel.h"

#include <utility>

namespace tb {

namespace {

constexpr const char *kEmptyKernel = R"(
extern "C" __global__ void tb_context_switch() {}
)";

} // namespace

const char *ContextSwitcher::kernelSource()
{
    return kEmptyKernel;
}

CudaStatus ContextSwitcher::create(const CudaDriver &driver, const NvrtcCompiler &compiler,
                                   ContextSwitcher &switcher)
{
    ContextSwitcher made;
    made.m_driver = &driver;
    CUdevice device = 0;
    if (CudaStatus found = driver.check(driver.ctxGetDevice(&device), "cuCtxGetDevice"); !found)
        return found;
    if (CudaStatus created =
            driver.check(driver.eventCreate(&made.m_measured, CU_EVENT_DISABLE_TIMING),
                         "cuEventCreate (measuring context)");
        !created)
        return created;
    // cuCtxCreate makes the new context current: set it up, then give the thread back its own.
    if (CudaStatus created = driver.check(driver.ctxCreate(&made.m_context, nullptr, 0, 0, device),
                                          "cuCtxCreate (a second context)");
        !created)
        return created;
    CudaStatus status =
        driver.check(driver.streamCreate(&made.m_stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    if (status)
        status = driver.check(driver.eventCreate(&made.m_switched, CU_EVENT_DISABLE_TIMING),
                              "cuEventCreate (second context)");
    if (status)
        status = loadInternalKernel(driver, compiler, kEmptyKernel, "tb_context_switch",
                                    "the context switch kernel", made.m_module);
    CUcontext popped = nullptr;
    if (CudaStatus restored =
            driver.check(driver.ctxPopCurrent(&popped), "cuCtxPopCurrent (after cuCtxCreate)");
        status && !restored)
        status = restored;
    if (status)
        switcher = std::move(made);
    return status;
}

ContextSwitcher::ContextSwitcher(ContextSwitcher &&other) noexcept
    : m_driver(other.m_driver), m_context(std::exchange(other.m_context, nullptr)),
      m_stream(std::exchange(other.m_stream, nullptr)), m_module(std::move(other.m_module)),
      m_switched(std::exchange(other.m_switched, nullptr)),
      m_measured(std::exchange(other.m_measured, nullptr))
{}

ContextSwitcher &ContextSwitcher::operator=(ContextSwitcher &&other) noexcept
{
    if (this != &other) {
        destroy();
        m_driver = other.m_driver;
        m_context = std::exchange(other.m_context, nullptr);
        m_stream = std::exchange(other.m_stream, nullptr);
        m_module = std::move(other.m_module);
        m_switched = std::exchange(other.m_switched, nullptr);
        m_measured = std::exchange(other.m_measured, nullptr);
    }
    return *this;
}

ContextSwitcher::~ContextSwitcher()
{
    destroy();
}

void ContextSwitcher::destroy()
{
    if (!m_driver)
        return;
    if (m_measured)
        m_driver->eventDestroy(m_measured);
    if (m_context) {
        // The module is unloaded in its own context; destroying the context frees the rest.
        (void)within([this]() -> CudaStatus {
            m_module = CudaModule();
            return {};
        });
        m_driver->ctxDestroy(m_context);
    }
    m_measured = nullptr;
    m_context = nullptr;
    m_stream = nullptr;
    m_switched = nullptr;
}

CudaStatus ContextSwitcher::within(const std::function<CudaStatus()> &work) const
{
    if (CudaStatus pushed = m_driver->check(m_driver->ctxPushCurrent(m_context),
                                            "cuCtxPushCurrent (the second context)");
        !pushed)
        return pushed;
    CudaStatus status = work();
    CUcontext popped = nullptr;
    if (CudaStatus restored = m_driver->check(m_driver->ctxPopCurrent(&popped),
                                              "cuCtxPopCurrent (the second context)");
        status && !restored)
        status = restored;
    return status;
}

CudaStatus ContextSwitcher::switchOn(CUstream measuring) const
{
    const CudaDriver &driver = *m_driver;
    if (CudaStatus recorded = driver.check(driver.eventRecord(m_measured, measuring),
                                           "cuEventRecord (before the context switch)");
        !recorded)
        return recorded;
    CudaStatus status = within([&]() -> CudaStatus {
        if (CudaStatus waited = driver.check(driver.streamWaitEvent(m_stream, m_measured, 0),
                                             "cuStreamWaitEvent (the second context)");
            !waited)
            return waited;
        if (CudaStatus launched =
                driver.check(driver.launchKernel(m_module.function(), 1, 1, 1, 32, 1, 1, 0,
                                                 m_stream, nullptr, nullptr),
                             "cuLaunchKernel (context switch)");
            !launched)
            return launched;
        return driver.check(driver.eventRecord(m_switched, m_stream),
                            "cuEventRecord (after the context switch)");
    });
    if (!status)
        return status;
    return driver.check(driver.streamWaitEvent(measuring, m_switched, 0),
                        "cuStreamWaitEvent (the measuring stream)");
}

} // namespace tb
