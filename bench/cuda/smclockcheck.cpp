// tb_sm_clock_check: does the GPU's timer keep pace with the host's clock, and at what SM clock
// do kernels really run? Spins Tunebench's own SmClockProbe kernel for 100 M cycles (~50 ms)
// ROUNDS times and compares the GPU timer's nanoseconds with the host's steady clock around
// each spin (the host's figure includes the launch and the read-back, ~0.1%), next to NVML's
// clock. On the H100 it showed the SMs running ~0.75% faster than NVML's 1980 MHz some of the
// time, the host agreeing with the GPU's timer (bench/results/cuda_run_to_run.md).
//
//   tb_sm_clock_check [ROUNDS] [CACHE_DIR]
#include "backend/cuda/compile/nvrtcarchitectures.h"
#include "backend/cuda/compile/nvrtccompiler.h"
#include "backend/cuda/cudacontext.h"
#include "backend/cuda/cudadriver.h"
#include "backend/cuda/cudastream.h"
#include "backend/cuda/gpuclockmonitor.h"
#include "backend/cuda/smclockprobe.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

constexpr std::uint64_t kCycles = 100'000'000;

int fail(const std::string &what)
{
    std::fprintf(stderr, "tb_sm_clock_check: %s\n", what.c_str());
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 6;
    const std::string cache = argc > 2 ? argv[2] : "/tmp/tb-sm-clock-check";
    auto driver = tb::CudaDriver::load();
    if (!driver)
        return fail(driver.error().toString());
    auto context = tb::CudaContext::create(*driver);
    if (!context)
        return fail(context.error().toString());
    const tb::CudaDeviceInfo &device = context->device();
    auto arch =
        tb::archForComputeCapability(device.limits.computeMajor, device.limits.computeMinor);
    if (!arch)
        return fail(arch.error().toString());
    tb::CudaCompileOptions options;
    options.arch = *arch;
    const tb::NvrtcCompiler compiler(cache, options);
    tb::CudaStream stream;
    tb::SmClockProbe probe(*driver);
    if (auto created = stream.create(*driver); !created)
        return fail(created.failure().message);
    if (auto prepared = probe.prepare(compiler); !prepared)
        return fail(prepared.failure().message);
    std::string why;
    const tb::GpuClockMonitor nvml = tb::GpuClockMonitor::open(device.pciBusId, &why);
    std::printf("%s\n", device.description().c_str());
    for (int round = 0; round < rounds; ++round) {
        tb::SmClockProbe::Reading reading;
        const auto start = std::chrono::steady_clock::now();
        if (auto spun = probe.spin(stream.handle(), kCycles, reading); !spun)
            return fail(spun.failure().message);
        const double hostNs =
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                .count();
        const tb::ClockState state = nvml.sample();
        std::printf("round %d: %.1f MHz by the GPU's timer (%.3f ms), %.1f MHz by the host's "
                    "clock (%.3f ms, launch included), GPU timer / host %.4f, NVML %s\n",
                    round, tb::SmClockProbe::megahertz(reading.cycles, reading.nanoseconds),
                    reading.nanoseconds / 1e6, reading.cycles * 1000.0 / hostNs, hostNs / 1e6,
                    reading.nanoseconds / hostNs,
                    state.valid ? (std::to_string(state.smClockMhz) + " MHz").c_str()
                                : ("unavailable: " + why).c_str());
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return 0;
}
