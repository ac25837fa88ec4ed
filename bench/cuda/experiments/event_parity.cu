// Experiment: alternate samples of a flushed copy look slower by CUDA events. Is it the kernel,
// the events or the flush? Each sample: L2 flush, event, kernel, event; the kernel also times
// itself with %globaltimer (first block's start to last block's end). Prints both medians for
// even and odd samples, per flush variant, and for a spin kernel of fixed cycles.
//   ./event_parity MIB   (elements in Mi floats: 16 = a ~42 us copy, 1 = ~3 us)
#include "common.cuh"

#include <cstdio>
#include <cstdlib>

__global__ void spin(long long cycles, int slot)
{
    if (threadIdx.x == 0)
        atomicMin(&gStart[slot], globalTimer());
    const long long t = clock64();
    while (clock64() - t < cycles) {
    }
    if (threadIdx.x == 0)
        atomicMax(&gEnd[slot], globalTimer());
}

struct Mode
{
    const char *name;
    int flushes; // read (+ discard) passes before each sample
    int discard;
    size_t flushBytes;
    int spinKernel;
};

int main(int argc, char **argv)
{
    const size_t n = (argc > 1 ? atol(argv[1]) : 16) << 20, n4 = n / 4, maxFlush = 200u << 20;
    const int samples = 400;
    float4 *in, *out;
    int4 *scratch;
    int *sink;
    cudaMalloc(&in, n * 4), cudaMalloc(&out, n * 4), cudaMalloc(&scratch, maxFlush);
    cudaMalloc(&sink, 4), cudaMemset(in, 0, n * 4), cudaMemset(scratch, 0, maxFlush);
    const Mode modes[] = {{"read+discard 100MB", 1, 1, 100u << 20, 0},
                          {"read only 100MB", 1, 0, 100u << 20, 0},
                          {"2x(read+discard) 100MB", 2, 1, 100u << 20, 0},
                          {"read+discard 200MB", 1, 1, 200u << 20, 0},
                          {"no flush", 0, 0, 0, 0},
                          {"spin, read+discard 100MB", 1, 1, 100u << 20, 1}};
    std::vector<cudaEvent_t> a(samples), b(samples);
    for (int i = 0; i < samples; ++i)
        cudaEventCreate(&a[i]), cudaEventCreate(&b[i]);
    std::vector<unsigned long long> ones(4096, ~0ull), zeros(4096, 0), s(4096), e(4096);
    for (const Mode &m : modes) {
        cudaMemcpyToSymbol(gStart, ones.data(), 4096 * 8);
        cudaMemcpyToSymbol(gEnd, zeros.data(), 4096 * 8);
        for (int w = 0; w < 3; ++w)
            copyScale<<<n4 / 256, 256>>>(in, out, 2.f, n4, 4000);
        for (int i = 0; i < samples; ++i) {
            for (int f = 0; f < m.flushes; ++f) {
                flushL2<<<528, 512>>>(scratch, m.flushBytes / 16, sink, 0);
                if (m.discard)
                    flushL2<<<528, 512>>>(scratch, m.flushBytes / 16, sink, 1);
            }
            cudaEventRecord(a[i]);
            if (m.spinKernel)
                spin<<<132, 32>>>(40000, i);
            else
                copyScale<<<n4 / 256, 256>>>(in, out, 2.f, n4, i);
            cudaEventRecord(b[i]);
        }
        cudaDeviceSynchronize();
        cudaMemcpyFromSymbol(s.data(), gStart, 4096 * 8);
        cudaMemcpyFromSymbol(e.data(), gEnd, 4096 * 8);
        std::vector<float> events[2], timer[2];
        for (int i = 0; i < samples; ++i) {
            float ms;
            cudaEventElapsedTime(&ms, a[i], b[i]);
            events[i % 2].push_back(ms * 1000);
            timer[i % 2].push_back((e[i] - s[i]) / 1000.f);
        }
        std::printf(
            "N=%zuMi %-26s events even/odd %.2f %.2f us, globaltimer even/odd %.2f %.2f us\n",
            n >> 20, m.name, median(events[0]), median(events[1]), median(timer[0]),
            median(timer[1]));
    }
    std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
