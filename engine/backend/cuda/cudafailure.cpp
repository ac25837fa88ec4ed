#include "cudafailure.h"

namespace tb {

CudaErrorClass classifyCudaError(CUresult code)
{
    switch (code) {
    case CUDA_SUCCESS:
        return {ResultStatus::Ok, false};
    // The launch asked for more than the device or the function allows: the configuration is
    // at fault, the context is fine.
    case CUDA_ERROR_INVALID_VALUE:
    case CUDA_ERROR_OUT_OF_MEMORY:
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
    case CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING:
    case CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE:
    case CUDA_ERROR_INVALID_CLUSTER_SIZE:
    case CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION:
    case CUDA_ERROR_NOT_SUPPORTED:
        return {ResultStatus::InvalidLaunch, false};
    // The module image cannot be loaded or lacks the entry.
    case CUDA_ERROR_INVALID_IMAGE:
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
    case CUDA_ERROR_JIT_COMPILATION_DISABLED:
    case CUDA_ERROR_INVALID_SOURCE:
    case CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND:
    case CUDA_ERROR_SHARED_OBJECT_INIT_FAILED:
    case CUDA_ERROR_NOT_FOUND:
        return {ResultStatus::CompileError, false};
    // Kernel faults: the context is sticky-broken (CUDA driver API docs: "the context cannot
    // be used, so it must be destroyed").
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_TENSOR_MEMORY_LEAK:
    case CUDA_ERROR_ECC_UNCORRECTABLE:
    case CUDA_ERROR_NVLINK_UNCORRECTABLE:
    case CUDA_ERROR_CONTAINED:
        return {ResultStatus::RuntimeError, true};
    default:
        return {ResultStatus::RuntimeError, true};
    }
}

} // namespace tb
