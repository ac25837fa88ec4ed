// Experiment: does where a copy kernel's buffers lie in device memory move its time? Allocates
// P pairs of in/out buffers (with pads between them so each lands elsewhere), measures them
// interleaved (sample i uses pair i % P, L2 flushed before each), timed by the kernel's own
// %globaltimer, and prints each pair's median (and its two halves' medians). Three rounds of
// fresh allocations per process; run it several times to compare processes.
//   ./buffer_placement MIB P   (16 5: five placements of a ~44 us copy)
#include "common.cuh"

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    const size_t n = (argc > 1 ? atol(argv[1]) : 16) << 20, n4 = n / 4, flushBytes = 100u << 20;
    const int pairs = argc > 2 ? atoi(argv[2]) : 5, perPair = 4000 / pairs, total = perPair * pairs;
    int4 *scratch;
    int *sink;
    cudaMalloc(&scratch, flushBytes), cudaMalloc(&sink, 4), cudaMemset(scratch, 0, flushBytes);
    std::vector<unsigned long long> ones(4096, ~0ull), zeros(4096, 0), s(4096), e(4096);
    for (int round = 0; round < 3; ++round) {
        std::vector<float4 *> in(pairs), out(pairs);
        std::vector<void *> pad(pairs);
        for (int p = 0; p < pairs; ++p) {
            cudaMalloc(&in[p], n * 4), cudaMalloc(&out[p], n * 4), cudaMemset(in[p], 0, n * 4);
            cudaMalloc(&pad[p], (size_t)(p * 7 + 3 + round * 5) << 20);
        }
        cudaMemcpyToSymbol(gStart, ones.data(), 4096 * 8);
        cudaMemcpyToSymbol(gEnd, zeros.data(), 4096 * 8);
        for (int p = 0; p < pairs; ++p)
            for (int w = 0; w < 3; ++w)
                copyScale<<<n4 / 256, 256>>>(in[p], out[p], 2.f, n4, 4000);
        for (int i = 0; i < total; ++i) {
            flushL2<<<528, 512>>>(scratch, flushBytes / 16, sink, 0);
            flushL2<<<528, 512>>>(scratch, flushBytes / 16, sink, 1);
            copyScale<<<n4 / 256, 256>>>(in[i % pairs], out[i % pairs], 2.f, n4, i);
        }
        cudaDeviceSynchronize();
        cudaMemcpyFromSymbol(s.data(), gStart, 4096 * 8);
        cudaMemcpyFromSymbol(e.data(), gEnd, 4096 * 8);
        std::vector<std::vector<float>> all(pairs), first(pairs), second(pairs);
        for (int i = 0; i < total; ++i) {
            const float us = (e[i] - s[i]) / 1000.f;
            all[i % pairs].push_back(us);
            (i < total / 2 ? first : second)[i % pairs].push_back(us);
        }
        float lo = 1e9, hi = 0;
        std::printf("N=%zuMi round %d, median (halves) per placement in us:", n >> 20, round);
        for (int p = 0; p < pairs; ++p) {
            const float m = median(all[p]);
            lo = std::min(lo, m), hi = std::max(hi, m);
            std::printf(" %.3f (%.3f %.3f)", m, median(first[p]), median(second[p]));
        }
        std::printf("  spread %.2f%%\n", 100 * (hi - lo) / lo);
        for (int p = 0; p < pairs; ++p)
            cudaFree(in[p]), cudaFree(out[p]), cudaFree(pad[p]);
    }
}
