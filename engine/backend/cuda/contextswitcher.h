#pragma once

#include "cudafailure.h"
#include "cudamodule.h"

#include <cuda.h>

#include <functional>

namespace tb {

class CudaDriver;
class NvrtcCompiler;

// Makes the GPU switch to another CUDA context and back between two pieces of measuring work:
// a context of its own on the measuring device runs an empty kernel, ordered with the
// measuring stream by events both ways (no host synchronisation, samples stay batched).
//
// Why: on the H100 a kernel runs at one of a few speeds for as long as one context runs alone
// (a 1024^3 SGEMM 4-6% slower in about one context of eight, sub-levels of 0.5-1% in the
// others), which no sampling inside the context can see. After a switch to another context and
// back the same kernels repeat within 0.2% from process to process, and it lasts: one switch
// every 50 samples does as well as one before every sample, without the switch's cost on every
// sample (bench/results/cuda_context_switch.md).
class ContextSwitcher
{
public:
    // Makes the context on the current context's device, with a stream, an event and the empty
    // kernel (built by `compiler`), and an event in the current (measuring) context, which stays
    // current.
    static CudaStatus create(const CudaDriver &driver, const NvrtcCompiler &compiler,
                             ContextSwitcher &switcher);

    ContextSwitcher() = default;
    ContextSwitcher(ContextSwitcher &&other) noexcept;
    ContextSwitcher &operator=(ContextSwitcher &&other) noexcept;
    ContextSwitcher(const ContextSwitcher &) = delete;
    ContextSwitcher &operator=(const ContextSwitcher &) = delete;
    ~ContextSwitcher();

    bool valid() const { return m_context != nullptr; }

    // Enqueues the switch: what `measuring` holds so far, then the empty kernel in the other
    // context, then whatever comes next on `measuring`.
    CudaStatus switchOn(CUstream measuring) const;

    // The empty kernel's CUDA source (entry tb_context_switch), for tests that build it.
    static const char *kernelSource();

private:
    // Runs `work` with the other context current.
    CudaStatus within(const std::function<CudaStatus()> &work) const;
    void destroy();

    const CudaDriver *m_driver = nullptr;
    CUcontext m_context = nullptr;
    CUstream m_stream = nullptr;
    CudaModule m_module;
    CUevent m_switched = nullptr; // in the other context
    CUevent m_measured = nullptr; // in the measuring context
};

} // namespace tb
