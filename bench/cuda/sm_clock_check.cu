// Does the GPU's timer keep pace with the host's clock, and what SM clock does a spinning kernel
// see? Spins 100 M SM cycles (~50 ms) and compares the %globaltimer delta, CUDA events and the
// host's steady clock. On the H100 it showed the SMs really running ~0.75% faster than NVML's
// 1980 MHz some of the time (bench/results/cuda_run_to_run.md). Not part of the build: on the
// GPU node, `nvcc -O2 -arch=sm_90 -o /tmp/sm_clock_check bench/cuda/sm_clock_check.cu &&
// /tmp/sm_clock_check 6`.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

__global__ void spin(long long cycles, unsigned long long *readings)
{
    unsigned long long start, end;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    const long long first = clock64();
    long long now = first;
    while (now - first < cycles)
        now = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(end));
    readings[0] = end - start;
    readings[1] = static_cast<unsigned long long>(now - first);
}

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 10;
    unsigned long long *device = nullptr;
    unsigned long long readings[2];
    cudaMalloc(&device, sizeof readings);
    cudaEvent_t before, after;
    cudaEventCreate(&before);
    cudaEventCreate(&after);
    spin<<<1, 1>>>(1000000, device); // load the module, wake the GPU
    cudaDeviceSynchronize();
    for (int round = 0; round < rounds; ++round) {
        const auto hostStart = std::chrono::steady_clock::now();
        cudaEventRecord(before);
        spin<<<1, 1>>>(100000000LL, device);
        cudaEventRecord(after);
        cudaEventSynchronize(after);
        const auto hostEnd = std::chrono::steady_clock::now();
        float eventMs = 0;
        cudaEventElapsedTime(&eventMs, before, after);
        cudaMemcpy(readings, device, sizeof readings, cudaMemcpyDeviceToHost);
        const double hostMs =
            std::chrono::duration<double, std::milli>(hostEnd - hostStart).count();
        const double timerMs = readings[0] / 1e6;
        std::printf("round %2d: host %.3f ms, events %.3f ms, globaltimer %.3f ms, %llu cycles: "
                    "%.1f MHz by the GPU's timer, %.1f MHz by the host (launch included); "
                    "events / host %.4f\n",
                    round, hostMs, eventMs, timerMs, readings[1], readings[1] / (timerMs * 1e3),
                    readings[1] / (hostMs * 1e3), eventMs / hostMs);
        usleep(200000);
    }
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
