// Experiment: what moves a 1024^3 SGEMM's time between processes? Times one SGEMM
// configuration with the L2 flushed before each sample (CUDA events), rotating over K copies of
// either its code (MODE code: the cubin loaded K times, so K code addresses) or its data
// (MODE data: K sets of A, B, C). Prints each copy's median and the medians of the run's two
// halves; run it several times to compare processes.
//   ./sgemm_placement CUBIN SYMBOL BM BN THREADS code|data K
#include "common.cuh"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv)
{
    if (argc < 8) {
        std::printf("usage: %s CUBIN SYMBOL BM BN THREADS code|data K\n", argv[0]);
        return 2;
    }
    const int bm = atoi(argv[3]), bn = atoi(argv[4]), threads = atoi(argv[5]);
    const bool codeCopies = std::strcmp(argv[6], "code") == 0;
    const int copies = atoi(argv[7]), samples = 200 * copies;
    const std::vector<char> image = readCubin(argv[1]);
    usePrimaryContext();

    std::vector<CUfunction> functions(codeCopies ? copies : 1);
    std::vector<CUmodule> modules(functions.size());
    for (std::size_t k = 0; k < modules.size(); ++k) {
        CHECK(cuModuleLoadData(&modules[k], image.data()));
        CHECK(cuModuleGetFunction(&functions[k], modules[k], argv[2]));
    }
    CUfunction flush;
    CHECK(cuModuleGetFunction(&flush, modules[0], "flushL2"));

    int n = 1024;
    const size_t bytes = (size_t)n * n * 4;
    size_t flushBytes = 100u << 20, flushCount = flushBytes / 16;
    CUdeviceptr scratch, sink;
    CHECK(cuMemAlloc(&scratch, flushBytes));
    CHECK(cuMemAlloc(&sink, 4));
    CHECK(cuMemsetD8(scratch, 0, flushBytes));
    const int dataSets = codeCopies ? 1 : copies;
    std::vector<CUdeviceptr> a(dataSets), b(dataSets), c(dataSets);
    std::vector<std::vector<void *>> args(dataSets);
    for (int k = 0; k < dataSets; ++k) {
        CHECK(cuMemAlloc(&a[k], bytes));
        CHECK(cuMemAlloc(&b[k], bytes));
        CHECK(cuMemAlloc(&c[k], bytes));
        CHECK(cuMemsetD32(a[k], 0x3f800000, n * n));
        CHECK(cuMemsetD32(b[k], 0x3f800000, n * n));
        args[k] = {&n, &n, &n, &a[k], &b[k], &c[k]};
    }
    int readPass = 0, discardPass = 1;
    void *readArgs[] = {&scratch, &flushCount, &sink, &readPass};
    void *discardArgs[] = {&scratch, &flushCount, &sink, &discardPass};
    const auto launch = [&](int k) {
        CUfunction function = functions[codeCopies ? k : 0];
        CHECK(cuLaunchKernel(function, n / bn, n / bm, 1, threads, 1, 1, 0, 0,
                             args[codeCopies ? 0 : k].data(), nullptr));
    };
    for (int k = 0; k < copies; ++k)
        launch(k), launch(k);
    std::vector<CUevent> start(samples), stop(samples);
    for (int i = 0; i < samples; ++i) {
        CHECK(cuEventCreate(&start[i], 0));
        CHECK(cuEventCreate(&stop[i], 0));
        CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, readArgs, nullptr));
        CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, discardArgs, nullptr));
        CHECK(cuEventRecord(start[i], 0));
        launch((i / 2) % copies); // each copy gets even and odd samples: events alternate
        CHECK(cuEventRecord(stop[i], 0));
    }
    CHECK(cuCtxSynchronize());
    std::vector<std::vector<float>> perCopy(copies);
    std::vector<float> halves[2];
    for (int i = 0; i < samples; ++i) {
        float ms;
        CHECK(cuEventElapsedTime(&ms, start[i], stop[i]));
        perCopy[(i / 2) % copies].push_back(ms * 1000);
        halves[i >= samples / 2].push_back(ms * 1000);
    }
    std::printf("%s copies of the %s, median per copy in us:", argv[7], argv[6]);
    for (const auto &times : perCopy)
        std::printf(" %.1f", median(times));
    std::printf("; halves %.1f %.1f\n", median(halves[0]), median(halves[1]));
}
