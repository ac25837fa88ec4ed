// Experiment: does a 1024^3 SGEMM run at its slow level (+3.5%, clock_state) after the GPU was
// idle, and does keeping the GPU busy for a while before the samples take that away? Each trial
// sleeps GAP ms with the GPU idle, then keeps it busy WARM ms (flush + SGEMM back to back), then
// times 30 flushed SGEMMs by CUDA events. Trials of every (gap, warm) cell are interleaved in a
// shuffled order, so a GPU-wide state over time hits every cell alike. Prints, per cell, the
// median of the trials' medians and how many trials were slow (> 1.5% above the fastest cell).
// Findings: bench/results/cuda_clock_state.md.
//   nvcc -O3 -arch=sm_90 -o idle_gap idle_gap.cu && ./idle_gap TRIALS_PER_CELL
#include "../../../resources/examples/sgemm/sgemm.cu"
#include "common.cuh"

#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace {

constexpr int n = 1024;
constexpr int kSamples = 30;
const size_t flushVectors = (100u << 20) / 16;
const int gapsMs[] = {0, 10, 100, 500};
const int warmsMs[] = {0, 5, 20, 50};

float *a, *b, *c;
int4 *scratch;
int *sink;
cudaEvent_t start[kSamples], stop[kSamples];

void flushAndGemm()
{
    flushL2<<<528, 512>>>(scratch, flushVectors, sink, 0);
    flushL2<<<528, 512>>>(scratch, flushVectors, sink, 1);
}

void gemm()
{
    sgemm<64, 64, 16, 4, 4><<<dim3(n / 64, n / 64), 256>>>(n, n, n, a, b, c);
}

void busyFor(int milliseconds)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
    while (std::chrono::steady_clock::now() < until) {
        flushAndGemm();
        gemm();
        cudaDeviceSynchronize();
    }
}

float timedMedian()
{
    for (int i = 0; i < kSamples; ++i) {
        flushAndGemm();
        cudaEventRecord(start[i]);
        gemm();
        cudaEventRecord(stop[i]);
    }
    cudaDeviceSynchronize();
    std::vector<float> times;
    for (int i = 0; i < kSamples; ++i) {
        float ms;
        cudaEventElapsedTime(&ms, start[i], stop[i]);
        times.push_back(ms * 1000);
    }
    return median(times);
}

} // namespace

int main(int argc, char **argv)
{
    const int trials = argc > 1 ? atoi(argv[1]) : 20;
    cudaMalloc(&a, n * n * 4);
    cudaMalloc(&b, n * n * 4);
    cudaMalloc(&c, n * n * 4);
    cudaMemset(a, 0, n * n * 4);
    cudaMemset(b, 0, n * n * 4);
    cudaMalloc(&scratch, flushVectors * 16);
    cudaMemset(scratch, 0, flushVectors * 16);
    cudaMalloc(&sink, 4);
    for (int i = 0; i < kSamples; ++i)
        cudaEventCreate(&start[i]), cudaEventCreate(&stop[i]);
    busyFor(200);

    std::vector<std::pair<int, int>> order; // (gap index, warm index)
    for (int trial = 0; trial < trials; ++trial)
        for (int g = 0; g < 4; ++g)
            for (int w = 0; w < 4; ++w)
                order.push_back({g, w});
    std::shuffle(order.begin(), order.end(), std::mt19937(7));
    std::vector<float> cell[4][4];
    for (auto [g, w] : order) {
        std::this_thread::sleep_for(std::chrono::milliseconds(gapsMs[g]));
        busyFor(warmsMs[w]);
        cell[g][w].push_back(timedMedian());
    }
    if (cudaError_t error = cudaGetLastError(); error != cudaSuccess)
        return std::printf("CUDA: %s\n", cudaGetErrorString(error)), 1;
    float fastest = 1e30f;
    for (auto &row : cell)
        for (auto &values : row)
            fastest = std::min(fastest, median(values));
    std::printf("gap ms | warm ms | median us | slow trials (> %.2f us)\n", fastest * 1.015f);
    for (int g = 0; g < 4; ++g)
        for (int w = 0; w < 4; ++w) {
            int slow = 0;
            for (float value : cell[g][w])
                slow += value > fastest * 1.015f;
            std::printf("%6d | %7d | %9.2f | %d of %zu\n", gapsMs[g], warmsMs[w],
                        median(cell[g][w]), slow, cell[g][w].size());
        }
}
