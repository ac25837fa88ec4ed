#include "failurehint.h"

#include <array>
#include <utility>

namespace tb {

namespace {

// What a message contains -> what to tell the user. The first match wins, so a specific text
// comes before a general one. The CUDA backend words a driver failure as
// "<call> failed: <CUresult name>: <cuGetErrorString>" (CudaDriver::check), NVRTC's as the
// log's first error line ("kernel.cu(12): error: identifier \"TILE\" is undefined"), ptxas's
// as its own ("ptxas error   : Entry function '...' uses too much shared data (...)").
constexpr std::array<std::pair<std::string_view, std::string_view>, 25> kHints{{
    // Kernel faults: the driver names the fault, never the line or the pointer.
    {"CUDA_ERROR_ILLEGAL_ADDRESS", "out-of-bounds or invalid pointer; try compute-sanitizer"},
    {"CUDA_ERROR_INVALID_ADDRESS_SPACE",
     "out-of-bounds or invalid pointer (an address outside the memory space the instruction "
     "reads); try compute-sanitizer"},
    {"CUDA_ERROR_MISALIGNED_ADDRESS",
     "a load or store not aligned to its size (a vector type at an unaligned offset); try "
     "compute-sanitizer"},
    {"CUDA_ERROR_ILLEGAL_INSTRUCTION", "__trap() or assert; try compute-sanitizer"},
    {"CUDA_ERROR_ASSERT", "a device-side assert() failed: the worker's log has its file and line"},
    {"CUDA_ERROR_HARDWARE_STACK_ERROR",
     "the call stack overflowed: deep recursion or large local arrays"},
    {"CUDA_ERROR_INVALID_PC",
     "the kernel jumped to an invalid address: a corrupted function pointer or return address"},
    {"CUDA_ERROR_LAUNCH_TIMEOUT",
     "the kernel ran past the display watchdog: a GPU that drives a display kills long kernels"},
    // A trap (asm("trap;"), __trap()) reads so on the H100, not as ILLEGAL_INSTRUCTION.
    {"CUDA_ERROR_LAUNCH_FAILED",
     "__trap() or assert, or another exception in the kernel (often an out-of-bounds access); "
     "try compute-sanitizer"},
    // Launch refusals: the driver does not say which limit was hit.
    {"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "registers x threads over the limit: fewer threads per block, or cap the registers with "
     "__launch_bounds__"},
    {"too many resources requested for launch",
     "registers x threads over the limit: fewer threads per block, or cap the registers with "
     "__launch_bounds__"},
    {"CUDA_ERROR_OUT_OF_MEMORY", "the GPU's memory ran out: the buffers of this size do not fit"},
    {"CUDA_ERROR_NO_BINARY_FOR_GPU",
     "built for another architecture: set --arch or the spec's kernel.arch to the GPU's"},
    {"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the toolkit is newer than the driver: update the driver or build with an older toolkit"},
    // Tunebench's own launch check (checkLaunch, theoreticalOccupancy) words the limit; say
    // what to change.
    {" registers need ",
     "registers x threads over the limit: fewer threads per block, or cap the registers with "
     "__launch_bounds__"},
    {"threads per block exceed the kernel's limit",
     "__launch_bounds__ or the registers per thread cap the block below the device's limit"},
    {"threads per block exceed the limit",
     "the block is larger than the device allows: a constraint on the block-size parameters "
     "skips such configurations without building them"},
    {"bytes of shared memory per block exceed the limit",
     "the tile's shared memory is over the per-block limit: a smaller tile, or fewer stages"},
    {"does not fit on one SM",
     "a single block needs more of the SM than it has: fewer threads or less shared memory"},
    // ptxas.
    {"uses too much shared data",
     "static __shared__ arrays are capped at 48 KiB: allocate them as extern __shared__ "
     "(dynamic) to go past it, or shrink the tile"},
    {"uses too much local data",
     "local arrays too large for the stack: shrink them or move them to shared memory"},
    // NVRTC: each tuning parameter reaches the kernel as a -D define.
    {"is undefined",
     "a name the kernel uses is not declared: a tuning parameter the spec does not define (each "
     "becomes a -D), a typo, or a missing #include"},
    {"cannot open source file",
     "an #include was not found: headers are looked up beside the kernel's file and in the CUDA "
     "toolkit's include folders"},
    // Host code (the CPU backend) and crashed workers.
    {"SIGSEGV", "a memory fault killed the worker: an out-of-bounds or invalid pointer in a CPU "
                "kernel, or a crash in the driver"},
    {"SIGFPE", "an arithmetic fault killed the worker: an integer division by zero"},
}};

} // namespace

std::string_view failureHint(std::string_view message)
{
    for (const auto &[pattern, hint] : kHints)
        if (message.find(pattern) != std::string_view::npos)
            return hint;
    return {};
}

} // namespace tb
