// Experiment: the GPU-wide state in which the H100's own timer reads the SM clock at ~1995 MHz
// instead of 1980 (cuda_context_switch.md, last section). What brings it, how long it lasts, is
// it the SM clock or the timer, and what does it do to times? Findings: cuda_clock_state.md. One
// process goes through phases (idle, sustained SGEMM load at 1024^3 or 4096^3, idle, sustained copy
// load) and once a second prints: the GPU timer's rate against the host's clock, the SM clock by a
// clock64 spin over %globaltimer (Tunebench's SmClockProbe), a flushed 1024^3 SGEMM, 64 MiB and 4
// MiB copies (CUDA events, medians of 30), and NVML's SM / memory clocks, power, temperature and
// clock event reasons.
//   nvcc -O3 -arch=sm_90 -o clock_state clock_state.cu
//   ./clock_state idle:60,sgemm:90,idle:90,copy:60
#include "../../../resources/examples/sgemm/sgemm.cu"
#include "common.cuh"

#include <cuda_runtime.h>
#include <dlfcn.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

namespace {

#define RT(call)                                                                                   \
    do {                                                                                           \
        const cudaError_t error_ = (call);                                                         \
        if (error_ != cudaSuccess) {                                                               \
            std::printf("%s: %s\n", #call, cudaGetErrorString(error_));                            \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

using Host = std::chrono::steady_clock;

__global__ void readTimer(unsigned long long *out)
{
    *out = globalTimer();
}

__global__ void spinProbe(long long cycles, unsigned long long *out)
{
    const unsigned long long start = globalTimer();
    const long long first = clock64();
    long long now = first;
    while (now - first < cycles)
        now = clock64();
    out[0] = globalTimer() - start;
    out[1] = static_cast<unsigned long long>(now - first);
}

constexpr int n = 1024;
constexpr int kSamples = 30;
const size_t flushVectors = (100u << 20) / 16;
const size_t bigVectors = size_t(4) << 20, smallVectors = size_t(1) << 18;

struct Buffers
{
    float *a, *b, *c;
    int4 *scratch;
    int *sink;
    float4 *in, *out;
    unsigned long long *readings;
};

void flush(const Buffers &m)
{
    flushL2<<<528, 512>>>(m.scratch, flushVectors, m.sink, 0);
    flushL2<<<528, 512>>>(m.scratch, flushVectors, m.sink, 1);
}

void sgemmOnce(const Buffers &m, int size = n)
{
    sgemm<64, 64, 16, 4, 4><<<dim3(size / 64, size / 64), 256>>>(size, size, size, m.a, m.b, m.c);
}

void copyOnce(const Buffers &m, size_t vectors)
{
    copyScale<<<unsigned(vectors / 256), 256>>>(m.in, m.out, 1.0f, vectors, 0);
}

// Median microseconds of kSamples flushed launches, by CUDA events.
template <class Launch> float timed(const Buffers &m, Launch launch)
{
    static cudaEvent_t start[kSamples], stop[kSamples];
    static bool made = false;
    for (int i = 0; i < kSamples && !made; ++i) {
        RT(cudaEventCreate(&start[i]));
        RT(cudaEventCreate(&stop[i]));
    }
    made = true;
    for (int i = 0; i < kSamples; ++i) {
        flush(m);
        RT(cudaEventRecord(start[i]));
        launch();
        RT(cudaEventRecord(stop[i]));
    }
    RT(cudaDeviceSynchronize());
    std::vector<float> times;
    for (int i = 0; i < kSamples; ++i) {
        float ms;
        RT(cudaEventElapsedTime(&ms, start[i], stop[i]));
        times.push_back(ms * 1000);
    }
    return median(times);
}

double probeMegahertz(const Buffers &m, long long cycles)
{
    std::vector<float> values;
    for (int i = 0; i < 5; ++i) {
        spinProbe<<<1, 1>>>(cycles, m.readings);
        unsigned long long r[2];
        RT(cudaMemcpy(r, m.readings, sizeof r, cudaMemcpyDeviceToHost));
        values.push_back(float(double(r[1]) * 1000.0 / double(r[0])));
    }
    return median(values);
}

// The GPU timer and the host clock, read as close together as a launch allows.
std::pair<double, double> timerPair(const Buffers &m)
{
    readTimer<<<1, 1>>>(m.readings);
    RT(cudaDeviceSynchronize());
    const auto host = Host::now();
    readTimer<<<1, 1>>>(m.readings);
    RT(cudaDeviceSynchronize());
    unsigned long long gpu;
    RT(cudaMemcpy(&gpu, m.readings, sizeof gpu, cudaMemcpyDeviceToHost));
    return {std::chrono::duration<double, std::nano>(host.time_since_epoch()).count(), double(gpu)};
}

// NVML through dlopen (its header is not on every toolkit install): the calls used, by name.
struct Nvml
{
    using Device = void *;
    using Info = int (*)(Device, int, unsigned *);
    using Power = int (*)(Device, unsigned *);
    using Reasons = int (*)(Device, unsigned long long *);
    Device device = nullptr;
    Info clockInfo = nullptr, temperature = nullptr;
    Power power = nullptr;
    Reasons reasons = nullptr;

    bool open()
    {
        void *library = dlopen("libnvidia-ml.so.1", RTLD_NOW);
        if (!library)
            return false;
        auto init = reinterpret_cast<int (*)()>(dlsym(library, "nvmlInit_v2"));
        auto byIndex = reinterpret_cast<int (*)(unsigned, Device *)>(
            dlsym(library, "nvmlDeviceGetHandleByIndex_v2"));
        clockInfo = reinterpret_cast<Info>(dlsym(library, "nvmlDeviceGetClockInfo"));
        temperature = reinterpret_cast<Info>(dlsym(library, "nvmlDeviceGetTemperature"));
        power = reinterpret_cast<Power>(dlsym(library, "nvmlDeviceGetPowerUsage"));
        reasons =
            reinterpret_cast<Reasons>(dlsym(library, "nvmlDeviceGetCurrentClocksEventReasons"));
        return init && byIndex && clockInfo && temperature && power && reasons && init() == 0 &&
               byIndex(0, &device) == 0;
    }

    void print() const
    {
        unsigned sm = 0, mem = 0, milliwatts = 0, celsius = 0;
        unsigned long long why = 0;
        clockInfo(device, 1, &sm);  // NVML_CLOCK_SM
        clockInfo(device, 2, &mem); // NVML_CLOCK_MEM
        power(device, &milliwatts);
        temperature(device, 0, &celsius); // NVML_TEMPERATURE_GPU
        reasons(device, &why);
        std::printf(" nvml sm %u mem %u power %.0f W temp %u reasons 0x%llx", sm, mem,
                    milliwatts / 1000.0, celsius, why);
    }
};

// Keeps the GPU busy with `phase`'s load until `until`.
void load(const Buffers &m, const std::string &phase, Host::time_point until)
{
    while (Host::now() < until) {
        if (phase == "idle") {
            std::this_thread::sleep_until(until);
            return;
        }
        for (int i = 0; i < 50; ++i) {
            if (phase == "sgemm")
                sgemmOnce(m);
            else if (phase == "sgemm4k")
                sgemmOnce(m, 4 * n);
            else
                copyOnce(m, bigVectors);
        }
        RT(cudaDeviceSynchronize());
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::printf("usage: %s PHASE:SECONDS[,PHASE:SECONDS...] (idle|sgemm|sgemm4k|copy)\n",
                    argv[0]);
        return 2;
    }
    Buffers m;
    const size_t matrix = size_t(16) * n * n * 4; // room for the 4096^3 load
    RT(cudaMalloc(&m.a, matrix));
    RT(cudaMalloc(&m.b, matrix));
    RT(cudaMalloc(&m.c, matrix));
    RT(cudaMemset(m.a, 0, matrix));
    RT(cudaMemset(m.b, 0, matrix));
    RT(cudaMalloc(&m.scratch, flushVectors * 16));
    RT(cudaMemset(m.scratch, 0, flushVectors * 16));
    RT(cudaMalloc(&m.sink, 4));
    RT(cudaMalloc(&m.in, bigVectors * 16));
    RT(cudaMalloc(&m.out, bigVectors * 16));
    RT(cudaMemset(m.in, 0, bigVectors * 16));
    RT(cudaMalloc(&m.readings, 16));
    Nvml nvml;
    if (!nvml.open())
        return std::printf("no NVML\n"), 1;

    const auto begin = Host::now();
    auto previous = timerPair(m);
    for (char *part = std::strtok(argv[1], ","); part; part = std::strtok(nullptr, ",")) {
        const std::string phase(part, std::strchr(part, ':') - part);
        const double seconds = std::atof(std::strchr(part, ':') + 1);
        const auto phaseEnd = Host::now() + std::chrono::duration_cast<Host::duration>(
                                                std::chrono::duration<double>(seconds));
        while (Host::now() < phaseEnd) {
            const auto tickEnd = std::min(phaseEnd, Host::now() + std::chrono::seconds(1));
            const float gemm = timed(m, [&] { sgemmOnce(m); });
            const float big = timed(m, [&] { copyOnce(m, bigVectors); });
            const float small = timed(m, [&] { copyOnce(m, smallVectors); });
            const double probe = probeMegahertz(m, 200000);
            const double longProbe = probeMegahertz(m, 4000000); // 2 ms: a rate, not an offset
            const auto now = timerPair(m);
            const double rate = (now.second - previous.second) / (now.first - previous.first);
            previous = now;
            std::printf("%-5s t %6.1f timer %+7.1f ppm probe %7.2f MHz long %7.2f MHz sgemm %7.2f "
                        "copy64M %6.2f copy4M %5.3f",
                        phase.c_str(), std::chrono::duration<double>(Host::now() - begin).count(),
                        (rate - 1) * 1e6, probe, longProbe, gemm, big, small);
            nvml.print();
            std::printf("\n");
            std::fflush(stdout);
            load(m, phase, tickEnd);
        }
    }
}
