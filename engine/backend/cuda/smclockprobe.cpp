#include "smclockprobe.h"

#include "cudadriver.h"
#include "internalkernel.h"
#include "model/resultfigure.h"

#include <cmath>

namespace tb {

namespace {

// One thread: the spin's own cycles and the timer's nanoseconds around them. The loop reads
// clock64 until `cycles` have passed, so the figure does not depend on the loop's speed.
constexpr const char *kProbeKernel = R"(
extern "C" __global__ void tb_sm_clock(long long cycles, unsigned long long *readings)
{
    unsigned long long start;
    unsigned long long end;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    const long long first = clock64();
    long long now = first;
    while (now - first < cycles)
        now = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(end));
    readings[0] = end - start;
    readings[1] = static_cast<unsigned long long>(now - first);
}
)";

} // namespace

const char *SmClockProbe::kernelSource()
{
    return kProbeKernel;
}

CudaStatus SmClockProbe::prepare(const NvrtcCompiler &compiler)
{
    if (CudaStatus allocated = m_readings.allocate(2 * sizeof(std::uint64_t)); !allocated)
        return allocated;
    return loadInternalKernel(*m_driver, compiler, kProbeKernel, "tb_sm_clock",
                              "the SM clock probe kernel", m_module);
}

CudaStatus SmClockProbe::measure(CUstream stream, double &megahertz)
{
    Reading reading;
    if (CudaStatus spun = spin(stream, kCycles, reading); !spun)
        return spun;
    megahertz = SmClockProbe::megahertz(reading.cycles, reading.nanoseconds);
    return {};
}

CudaStatus SmClockProbe::spin(CUstream stream, std::uint64_t spinCycles, Reading &reading)
{
    long long cycles = static_cast<long long>(spinCycles);
    CUdeviceptr readings = m_readings.pointer();
    void *params[] = {&cycles, &readings};
    if (CudaStatus launched =
            m_driver->check(m_driver->launchKernel(m_module.function(), 1, 1, 1, 1, 1, 1, 0, stream,
                                                   params, nullptr),
                            "cuLaunchKernel (SM clock probe)");
        !launched)
        return launched;
    if (CudaStatus done = m_driver->check(m_driver->streamSynchronize(stream),
                                          "synchronising after the SM clock probe");
        !done)
        return done;
    std::uint64_t values[2] = {0, 0};
    if (CudaStatus read = m_readings.download(values, sizeof values); !read)
        return read;
    reading.nanoseconds = values[0];
    reading.cycles = values[1];
    return {};
}

double SmClockProbe::megahertz(std::uint64_t cycles, std::uint64_t nanoseconds)
{
    if (nanoseconds == 0)
        return 0;
    return static_cast<double>(cycles) * 1000.0 / static_cast<double>(nanoseconds);
}

void SmClockProbe::record(Result &result, double effectiveMegahertz)
{
    if (effectiveMegahertz <= 0)
        return;
    result.resources[figures::kSmClockEffectiveMhz] = effectiveMegahertz;
    const auto nvml = result.resources.find(figures::kSmClockMhz);
    if (nvml == result.resources.end() || nvml->second <= 0)
        return;
    const double difference = std::fabs(effectiveMegahertz / nvml->second - 1);
    result.resources[figures::kClockMismatch] = difference > kMismatch ? 1 : 0;
}

} // namespace tb
