// Experiment (issue 17, item 14): why is a 32 x 32-tile transpose with 1024-thread blocks
// slower in Tunebench's back-to-back samples than in Nsight Compute's isolated replay, when its
// 32 x 8 version agrees? Times the transpose of bench/cuda/specs/transpose (8192^2 floats) by
// CUDA events in five ways, interleaved in rounds so that a GPU-wide state hits all alike:
//   flushed back-to-back   L2 read + discard passes, then the kernel; no wait (Tunebench)
//   flushed + sync         the same, the host waits for the flush before launching the kernel
//   flushed + idle 1 ms    the same, and the GPU idles 1 ms before the kernel (like ncu)
//   warm back-to-back      the kernel alone, launch after launch
//   warm + idle 1 ms       the kernel alone, 1 ms idle before each
//   nvcc -O3 -arch=sm_90 -DTILE=32 -DROWS=32 -o ti32 transpose_isolation.cu && ./ti32 ROUNDS
#include "../specs/transpose/transpose.cu"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

constexpr int n = 8192;
constexpr int kSamples = 20;
constexpr int kModes = 5;
const char *const kModeNames[kModes] = {"flushed back-to-back", "flushed + sync",
                                        "flushed + idle 1 ms", "warm back-to-back",
                                        "warm + idle 1 ms"};

__global__ void flushPass(const int4 *data, unsigned long long count, int *sink, int discard)
{
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    const unsigned long long first = blockIdx.x * static_cast<unsigned long long>(blockDim.x) +
                                     threadIdx.x;
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
            std::vector<float> times(kSamples);
            for (int s = 0; s < kSamples; ++s)
                cudaEventElapsedTime(&times[s], start[s], stop[s]);
            std::nth_element(times.begin(), times.begin() + kSamples / 2, times.end());
            medians[mode].push_back(times[kSamples / 2] * 1000.0f);
        }
    }
    std::printf("TILE=%d ROWS=%d, %d rounds of %d samples; median of the rounds' medians:\n", TILE,
                ROWS, rounds, kSamples);
    for (int mode = 0; mode < kModes; ++mode) {
        auto &m = medians[mode];
        std::nth_element(m.begin(), m.begin() + m.size() / 2, m.end());
        std::printf("  %-22s %8.2f us\n", kModeNames[mode], m[m.size() / 2]);
    }
    return 0;
}
