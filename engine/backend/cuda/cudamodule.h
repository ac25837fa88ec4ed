#pragma once

#include "cudafailure.h"

#include <cuda.h>

#include <string>
#include <vector>

namespace tb {

class CudaDriver;

// What the driver says of a loaded kernel (cuFuncGetAttribute): the figures of the code that
// actually runs, which the launch checks prefer over the compiler's report.
struct CudaFunctionAttributes
{
    int registers = 0;          // CU_FUNC_ATTRIBUTE_NUM_REGS
    int staticSharedBytes = 0;  // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
    int localBytes = 0;         // CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES (per thread)
    int constantBytes = 0;      // CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES
    int maxThreadsPerBlock = 0; // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: registers and
                                // __launch_bounds__ taken into account
};

// A cubin loaded into the current context (cuModuleLoadData) and one of its kernels.
// Move-only; unloads the module when destroyed.
class CudaModule
{
public:
    // Loads the cubin's bytes and finds `loweredName` (the entry's mangled symbol). A failure
    // is compile_error (the image or the symbol is bad) unless it broke the context.
    static CudaStatus load(const CudaDriver &driver, const std::vector<char> &image,
                           const std::string &loweredName, CudaModule &module);

    CudaModule() = default;
    CudaModule(CudaModule &&other) noexcept;
    CudaModule &operator=(CudaModule &&other) noexcept;
    CudaModule(const CudaModule &) = delete;
    CudaModule &operator=(const CudaModule &) = delete;
    ~CudaModule();

    CUfunction function() const { return m_function; }
    // Where the module's global `name` (a __constant__ or __device__ variable) lies, and its size.
    CudaStatus global(const std::string &name, CUdeviceptr &pointer, std::size_t &bytes) const;
    CudaStatus attributes(CudaFunctionAttributes &attributes) const;

    // Dynamic shared memory above the default 48 KiB needs an opt-in per function
    // (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES); asking for no more than 48 KiB does
    // nothing. invalid_launch when the driver refuses.
    CudaStatus allowDynamicShared(std::uint64_t bytes) const;
    // A thread-block cluster of 16 blocks is non-portable and needs an opt-in per function
    // (CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED), as Triton's launcher gives it;
    // 8 or fewer need none. invalid_launch when the driver refuses.
    CudaStatus allowClusterSize(int blocks) const;

private:
    void unload();
    // cuFuncSetAttribute; a refusal that leaves the context usable is invalid_launch.
    CudaStatus optIn(CUfunction_attribute attribute, int value, const std::string &what) const;

    const CudaDriver *m_driver = nullptr;
    CUmodule m_module = nullptr;
    CUfunction m_function = nullptr;
};

} // namespace tb
