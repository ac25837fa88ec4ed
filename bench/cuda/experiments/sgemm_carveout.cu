// Experiment: is the SGEMM's per-process level (sgemm_placement) the driver's choice of the
// L1 / shared memory split? Measures one SGEMM configuration with the preferred shared memory
// carveout left to the driver (-1) and set to 0, 50 and 100 percent, in that order, 300
// samples each (L2 flushed before each, CUDA events), and prints each median.
//   ./sgemm_carveout CUBIN SYMBOL BM BN THREADS
#include "common.cuh"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc < 6) {
        std::printf("usage: %s CUBIN SYMBOL BM BN THREADS\n", argv[0]);
        return 2;
    }
    const int bm = atoi(argv[3]), bn = atoi(argv[4]), threads = atoi(argv[5]), samples = 300;
    const std::vector<char> image = readCubin(argv[1]);
    usePrimaryContext();
    CUmodule module;
    CUfunction kernel, flush;
    CHECK(cuModuleLoadData(&module, image.data()));
    CHECK(cuModuleGetFunction(&kernel, module, argv[2]));
    CHECK(cuModuleGetFunction(&flush, module, "flushL2"));
    int n = 1024;
    const size_t bytes = (size_t)n * n * 4;
    size_t flushCount = (100u << 20) / 16;
    CUdeviceptr a, b, c, scratch, sink;
    for (CUdeviceptr *p : {&a, &b, &c})
        CHECK(cuMemAlloc(p, bytes));
    CHECK(cuMemsetD32(a, 0x3f800000, n * n));
    CHECK(cuMemsetD32(b, 0x3f800000, n * n));
    CHECK(cuMemAlloc(&scratch, flushCount * 16));
    CHECK(cuMemsetD8(scratch, 0, flushCount * 16));
    CHECK(cuMemAlloc(&sink, 4));
    int readPass = 0, discardPass = 1;
    void *read[] = {&scratch, &flushCount, &sink, &readPass};
    void *discard[] = {&scratch, &flushCount, &sink, &discardPass};
    void *args[] = {&n, &n, &n, &a, &b, &c};
    std::vector<CUevent> start(samples), stop(samples);
    for (int i = 0; i < samples; ++i) {
        CHECK(cuEventCreate(&start[i], 0));
        CHECK(cuEventCreate(&stop[i], 0));
    }
    std::printf("carveout -> median us:");
    for (int carveout : {-1, 0, 50, 100, -1}) {
        CHECK(cuFuncSetAttribute(kernel, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                                 carveout));
        for (int w = 0; w < 2; ++w)
            CHECK(cuLaunchKernel(kernel, n / bn, n / bm, 1, threads, 1, 1, 0, 0, args, nullptr));
        for (int i = 0; i < samples; ++i) {
            CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, read, nullptr));
            CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, discard, nullptr));
            CHECK(cuEventRecord(start[i], 0));
            CHECK(cuLaunchKernel(kernel, n / bn, n / bm, 1, threads, 1, 1, 0, 0, args, nullptr));
            CHECK(cuEventRecord(stop[i], 0));
        }
        CHECK(cuCtxSynchronize());
        std::vector<float> times;
        for (int i = 0; i < samples; ++i) {
            float ms;
            CHECK(cuEventElapsedTime(&ms, start[i], stop[i]));
            times.push_back(ms * 1000);
        }
        std::printf("  %d: %.1f", carveout, median(times));
    }
    std::printf("\n");
}
