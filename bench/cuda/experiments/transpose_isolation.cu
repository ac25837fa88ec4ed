// Experiment (issue 17, item 14): why is a 32 x 32-tile transpose with 1024-thread blocks
// slower in Tunebench's back-to-back samples than in Nsight Compute's isolated replay, when its
// 32 x 8 version agrees? Times the transpose of bench/cuda/specs/transpose (8192^2 floats) by
// CUDA events in five ways, interleaved in rounds so that a GPU-wide state hits all alike:
//   flushed back-to-back   L2 read + discard passes, then the kernel; no wait (Tunebench)
//   flushed + sync         the same, the host waits for the flush before launching the kernel
//   flushed + idle 1 ms    the same, and the GPU idles 1 ms before the kernel (like ncu)
//   warm back-to-back      the kernel alone, launch after launch
//   warm + idle 1 ms       the kernel alone, 1 ms idle before each
// and, as Tunebench's worker has them, with CUPTI's concurrent-kernel activity records on
// (argument "cupti"; "cupti-serial": the serialised KIND_KERNEL records instead) and with a second
// context that runs an empty kernel before each sample, which the measuring stream waits for
// (argument "switch"; Tunebench's ContextSwitcher does it before every batch).
//   nvcc -O3 -arch=sm_90 -DTILE=32 -DROWS=32 -o ti32 transpose_isolation.cu -lcuda -lcupti
// ("own": the measuring context made by cuCtxCreate, as Tunebench's worker does, not the
// runtime's primary context)
//   ./ti32 ROUNDS [cupti] [switch] [own]
#include "../specs/transpose/transpose.cu"

#include "cuptirecords.cuh"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

constexpr int n = 8192;
constexpr int kSamples = 20;
constexpr int kModes = 5;
const char *const kModeNames[kModes] = {"flushed back-to-back", "flushed + sync",
                                        "flushed + idle 1 ms", "warm back-to-back",
                                        "warm + idle 1 ms"};

__global__ void empty() {}

__global__ void flushPass(const int4 *data, unsigned long long count, int *sink, int discard)
{
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    const unsigned long long first =
        blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
    if (discard) {
        for (unsigned long long i = first; i < count / 8; i += stride)
            asm volatile("discard.global.L2 [%0], 128;" ::"l"(data + 8 * i) : "memory");
        return;
    }
    int4 acc = make_int4(0, 0, 0, 0);
    for (unsigned long long i = first; i < count; i += stride) {
        const int4 v = __ldcg(data + i);
        acc.x ^= v.x;
        acc.y ^= v.y;
        acc.z ^= v.z;
        acc.w ^= v.w;
    }
    if ((acc.x & acc.y & acc.z & acc.w) == 0x5a5a5a5a)
        *sink = acc.x;
}

void check(cudaError_t status, const char *what)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
        std::exit(1);
    }
}

} // namespace

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 10;
    bool cupti = false;
    bool contextSwitch = false;
    bool ownContext = false;
    bool serialKind = false;
    for (int i = 2; i < argc; ++i) {
        cupti = cupti || std::strcmp(argv[i], "cupti") == 0;
        serialKind = serialKind || std::strcmp(argv[i], "cupti-serial") == 0;
        cupti = cupti || serialKind;
        contextSwitch = contextSwitch || std::strcmp(argv[i], "switch") == 0;
        ownContext = ownContext || std::strcmp(argv[i], "own") == 0;
    }
    if (ownContext) { // a context of its own, as Tunebench's worker makes, not the primary one
        cuInit(0);
        CUdevice device;
        cuDeviceGet(&device, 0);
        CUcontext own = nullptr;
        cuCtxCreate(&own, nullptr, 0, device);
    }
    check(cudaFree(nullptr), "context");
    CUcontext measuring = nullptr;
    cuCtxGetCurrent(&measuring);
    CUcontext other = nullptr;
    CUstream otherStream = nullptr;
    CUevent otherDone = nullptr;
    if (contextSwitch) {
        CUdevice device;
        cuDeviceGet(&device, 0);
        cuCtxCreate(&other, nullptr, 0, device);
        cuStreamCreate(&otherStream, CU_STREAM_NON_BLOCKING);
        cuEventCreate(&otherDone, CU_EVENT_DISABLE_TIMING);
        cudaFree(nullptr); // the runtime's state in the second context: empty<<<>>> below
        cuCtxSetCurrent(measuring);
    }
    const auto switchContexts = [&] {
        if (!contextSwitch)
            return;
        cuCtxSetCurrent(other);
        empty<<<1, 1, 0, reinterpret_cast<cudaStream_t>(otherStream)>>>();
        cuEventRecord(otherDone, otherStream);
        cuCtxSetCurrent(measuring);
        cuStreamWaitEvent(nullptr, otherDone, 0);
    };
    if (cupti) {
        cuptiActivityRegisterCallbacks(cuptiBufferRequested, cuptiBufferCompleted);
        cuptiActivityEnable(serialKind ? CUPTI_ACTIVITY_KIND_KERNEL
                                       : CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    }
    float *in = nullptr;
    float *out = nullptr;
    int4 *scratch = nullptr;
    int *sink = nullptr;
    const size_t scratchVectors = (200u << 20) / 16; // 2 x the H100/H200 L2
    check(cudaMalloc(&in, sizeof(float) * n * n), "in");
    check(cudaMalloc(&out, sizeof(float) * n * n), "out");
    check(cudaMalloc(&scratch, scratchVectors * 16), "scratch");
    check(cudaMalloc(&sink, sizeof(int)), "sink");
    check(cudaMemset(in, 1, sizeof(float) * n * n), "fill");
    check(cudaMemset(scratch, 0, scratchVectors * 16), "scratch fill");
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "sms");
    const dim3 grid(n / TILE, n / TILE);
    const dim3 block(TILE, ROWS);
    cudaEvent_t start[kSamples], stop[kSamples];
    for (int i = 0; i < kSamples; ++i) {
        check(cudaEventCreate(&start[i]), "event");
        check(cudaEventCreate(&stop[i]), "event");
    }
    const auto flush = [&] {
        for (int discard : {0, 1})
            flushPass<<<sms * 4, 512>>>(scratch, scratchVectors, sink, discard);
    };
    for (int i = 0; i < 5; ++i) // warm-up
        transpose<<<grid, block>>>(out, in, n);
    check(cudaDeviceSynchronize(), "warm-up");

    std::vector<std::vector<float>> medians(kModes);
    for (int round = 0; round < rounds; ++round) {
        for (int mode = 0; mode < kModes; ++mode) {
            for (int s = 0; s < kSamples; ++s) {
                switchContexts();
                if (mode <= 2)
                    flush();
                if (mode == 1)
                    check(cudaDeviceSynchronize(), "sync");
                if (mode == 2 || mode == 4) {
                    check(cudaDeviceSynchronize(), "sync");
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                }
                cudaEventRecord(start[s]);
                transpose<<<grid, block>>>(out, in, n);
                cudaEventRecord(stop[s]);
            }
            check(cudaDeviceSynchronize(), "samples");
            if (cupti) {
                cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
                gRecords.clear();
            }
            std::vector<float> times(kSamples);
            for (int s = 0; s < kSamples; ++s)
                cudaEventElapsedTime(&times[s], start[s], stop[s]);
            std::nth_element(times.begin(), times.begin() + kSamples / 2, times.end());
            medians[mode].push_back(times[kSamples / 2] * 1000.0f);
        }
    }
    std::printf("TILE=%d ROWS=%d%s%s%s, %d rounds of %d samples; median of the rounds' medians:\n",
                TILE, ROWS,
                serialKind ? ", CUPTI KIND_KERNEL on"
                : cupti    ? ", CUPTI on"
                           : "",
                contextSwitch ? ", context switches" : "", ownContext ? ", own context" : "",
                rounds, kSamples);
    for (int mode = 0; mode < kModes; ++mode) {
        auto &m = medians[mode];
        std::nth_element(m.begin(), m.begin() + m.size() / 2, m.end());
        std::printf("  %-22s %8.2f us\n", kModeNames[mode], m[m.size() / 2]);
    }
    return 0;
}
