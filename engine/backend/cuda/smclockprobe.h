#pragma once

#include "cudafailure.h"
#include "cudamodule.h"
#include "devicebuffer.h"
#include "model/measurementcaveats.h"
#include "model/result.h"

#include <cuda.h>

#include <cstdint>

namespace tb {

class CudaDriver;
class NvrtcCompiler;

// The SM clock as the GPU's own timer sees it, measured after each configuration: a one-thread
// kernel spins a known number of SM cycles (clock64) and reads %globaltimer, the nanosecond
// timer that CUDA events and CUPTI's records come from, on both sides. Cycles over nanoseconds
// is the clock every sample was effectively timed at.
//
// Why not NVML's figure alone: on the H100 a kernel of fixed cycles ran 0.74% faster for
// minutes, identically under Nsight Compute, while NVML said 1980 MHz throughout
// (bench/results/cuda_timing_fidelity.md). Every compute-bound time moves with that, so a
// result whose effective clock differs from NVML's is flagged rather than left to look like a
// faster configuration.
class SmClockProbe
{
public:
    // ~0.1 ms at 2 GHz. The H100's timer read 1979.9-1980.0 MHz over 1 ms spins (ticks of
    // tens of ns), so a tenth of that still reads to ~0.05%, ten times finer than kMismatch.
    static constexpr std::uint64_t kCycles = 200'000;
    static constexpr double kMismatch = kClockStepResolution; // relative, to NVML's MHz

    explicit SmClockProbe(const CudaDriver &driver) : m_driver(&driver), m_readings(driver) {}

    // What one spin read: the cycles it spun and the GPU timer's nanoseconds around them.
    struct Reading
    {
        std::uint64_t cycles = 0;
        std::uint64_t nanoseconds = 0;
    };

    CudaStatus prepare(const NvrtcCompiler &compiler);
    // Spins kCycles on `stream`, waits for it, and sets *megahertz.
    CudaStatus measure(CUstream stream, double &megahertz);
    // Spins `cycles` on `stream` and waits for it (bench/cuda/smclockcheck.cpp spins longer).
    CudaStatus spin(CUstream stream, std::uint64_t cycles, Reading &reading);

    // Pure. Cycles per microsecond; 0 when no time passed.
    static double megahertz(std::uint64_t cycles, std::uint64_t nanoseconds);
    // Pure. Puts "sm_clock_effective_mhz" into result.resources and, when NVML's
    // "sm_clock_mhz" is there too, "clock_mismatch": 1 when the two differ by more than
    // kMismatch, else 0.
    static void record(Result &result, double effectiveMegahertz);

    // The probe kernel's CUDA source (entry tb_sm_clock), for tests that build it.
    static const char *kernelSource();

private:
    const CudaDriver *m_driver;
    DeviceBuffer m_readings; // the kernel's nanoseconds and cycles
    CudaModule m_module;
};

} // namespace tb
