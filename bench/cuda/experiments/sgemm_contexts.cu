// Experiment: is the SGEMM's per-process level (sgemm_placement) a property of the CUDA
// context? Makes C contexts in one process, each with its own module, data and flush scratch,
// and measures the same SGEMM configuration in each, a sample at a time round-robin (flush,
// event, kernel, event, synchronise), for R rounds. Prints each context's median per round.
//   ./sgemm_contexts CUBIN SYMBOL BM BN THREADS C R
#include "common.cuh"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

namespace {

int n = 1024;
size_t flushCount = (100u << 20) / 16;
int readPass = 0, discardPass = 1;

// One context with everything a sample needs.
struct Context
{
    CUcontext handle;
    CUfunction kernel, flush;
    CUdeviceptr a, b, c, scratch, sink;
    CUevent start, stop;
};

Context makeContext(CUdevice device, const std::vector<char> &image, const char *symbol)
{
    Context ctx;
    CHECK(cuCtxCreate(&ctx.handle, nullptr, 0, device));
    CUmodule module;
    CHECK(cuModuleLoadData(&module, image.data()));
    CHECK(cuModuleGetFunction(&ctx.kernel, module, symbol));
    CHECK(cuModuleGetFunction(&ctx.flush, module, "flushL2"));
    const size_t bytes = (size_t)n * n * 4;
    for (CUdeviceptr *p : {&ctx.a, &ctx.b, &ctx.c})
        CHECK(cuMemAlloc(p, bytes));
    CHECK(cuMemsetD32(ctx.a, 0x3f800000, n * n));
    CHECK(cuMemsetD32(ctx.b, 0x3f800000, n * n));
    CHECK(cuMemAlloc(&ctx.scratch, flushCount * 16));
    CHECK(cuMemsetD8(ctx.scratch, 0, flushCount * 16));
    CHECK(cuMemAlloc(&ctx.sink, 4));
    CHECK(cuEventCreate(&ctx.start, 0));
    CHECK(cuEventCreate(&ctx.stop, 0));
    return ctx;
}

float sample(Context &ctx, int bm, int bn, int threads)
{
    CHECK(cuCtxSetCurrent(ctx.handle));
    void *read[] = {&ctx.scratch, &flushCount, &ctx.sink, &readPass};
    void *discard[] = {&ctx.scratch, &flushCount, &ctx.sink, &discardPass};
    void *args[] = {&n, &n, &n, &ctx.a, &ctx.b, &ctx.c};
    CHECK(cuLaunchKernel(ctx.flush, 528, 1, 1, 512, 1, 1, 0, 0, read, nullptr));
    CHECK(cuLaunchKernel(ctx.flush, 528, 1, 1, 512, 1, 1, 0, 0, discard, nullptr));
    CHECK(cuEventRecord(ctx.start, 0));
    CHECK(cuLaunchKernel(ctx.kernel, n / bn, n / bm, 1, threads, 1, 1, 0, 0, args, nullptr));
    CHECK(cuEventRecord(ctx.stop, 0));
    CHECK(cuCtxSynchronize());
    float ms;
    CHECK(cuEventElapsedTime(&ms, ctx.start, ctx.stop));
    return ms * 1000;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 8) {
        std::printf("usage: %s CUBIN SYMBOL BM BN THREADS CONTEXTS ROUNDS\n", argv[0]);
        return 2;
    }
    const int bm = atoi(argv[3]), bn = atoi(argv[4]), threads = atoi(argv[5]);
    const int contexts = atoi(argv[6]), rounds = atoi(argv[7]), samples = 200;
    const std::vector<char> image = readCubin(argv[1]);
    CHECK(cuInit(0));
    CUdevice device;
    CHECK(cuDeviceGet(&device, 0));
    std::vector<Context> all;
    for (int c = 0; c < contexts; ++c)
        all.push_back(makeContext(device, image, argv[2]));
    for (Context &ctx : all)
        for (int w = 0; w < 3; ++w)
            sample(ctx, bm, bn, threads);
    for (int round = 0; round < rounds; ++round) {
        std::vector<std::vector<float>> times(contexts);
        for (int i = 0; i < samples; ++i)
            for (int c = 0; c < contexts; ++c)
                times[c].push_back(sample(all[c], bm, bn, threads));
        std::printf("round %d, median per context in us:", round);
        for (const auto &t : times)
            std::printf(" %.1f", median(t));
        std::printf("\n");
    }
}
