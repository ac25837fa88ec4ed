// Experiment: is the SGEMM's slow level (sgemm_placement: 130 vs 135 us, 189 vs 179 us) a
// property of the process, of its context kind, or of the time (a GPU-wide state)? Measures two
// SGEMM configurations alternately, in batches of 50 samples (L2 flushed before each, CUDA
// events), for SECONDS, in the device's primary context or in one made by cuCtxCreate, and
// prints each second's median of the batch medians with the wall-clock time, so processes can
// be lined up in time. "sequentialK" makes K contexts one after another in one process. In each
// context it also records where blocks land (%smid), times three canary kernels, and times the
// TN=4 SGEMM with four flush scratch buffers x four ways of flushing and without a flush.
// Findings: bench/results/cuda_placement.md, section 5.
//   ./sgemm_states CUBIN SYMBOL_TN8 SYMBOL_TN4 primary|created|sequentialK SECONDS
#include "common.cuh"

#include <cuda.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

int n = 1024;
size_t flushCount = (100u << 20) / 16;
int readPass = 0, discardPass = 1;
constexpr int kSamples = 50;

double nowSeconds()
{
    using namespace std::chrono;
    return duration<double>(system_clock::now().time_since_epoch()).count();
}

// What the block scheduler does in this context: how many SMs a large grid reaches, and a
// hash of which SM each of the first wave's blocks landed on (three launches: same or not).
std::string layoutOf(CUfunction probe)
{
    const int blocks = 1056;
    CUdeviceptr smOfBlock;
    CHECK(cuMemAlloc(&smOfBlock, blocks * 4));
    void *args[] = {&smOfBlock};
    std::string text;
    for (int launch = 0; launch < 3; ++launch) {
        CHECK(cuLaunchKernel(probe, blocks, 1, 1, 256, 1, 1, 0, 0, args, nullptr));
        std::vector<int> sms(blocks);
        CHECK(cuMemcpyDtoH(sms.data(), smOfBlock, blocks * 4));
        unsigned long long hash = 1469598103934665603ull;
        for (int b = 0; b < 132; ++b)
            hash = (hash ^ sms[b]) * 1099511628211ull;
        std::sort(sms.begin(), sms.end());
        const long distinct = std::unique(sms.begin(), sms.end()) - sms.begin();
        char part[64];
        std::snprintf(part, sizeof part, " sms %ld first %04llx", distinct, hash & 0xffff);
        text += part;
    }
    CHECK(cuMemFree(smOfBlock));
    return text;
}

struct Bench
{
    CUfunction flush;
    CUdeviceptr a, b, c, scratch, sink;
    std::vector<CUevent> start, stop;
    bool flushing = true;
    // 0 read + discard, 1 read only, 2 read + discard + a 10 us spin, 3 read + discard + a
    // read of one word per 2 MiB over 16 GiB (evicts address translations), then its discard
    int variant = 0;
    CUfunction spin, pageToucher;
    CUdeviceptr spinOut, far = 0;
    size_t farVectors = (size_t(16) << 30) / 16;

    float batch(CUfunction kernel, int threads)
    {
        void *args[] = {&n, &n, &n, &a, &b, &c};
        return batchOf(kernel, n / 64, n / 64, threads, args);
    }

    float batchOf(CUfunction kernel, int gridX, int gridY, int threads, void **args)
    {
        void *read[] = {&scratch, &flushCount, &sink, &readPass};
        void *discard[] = {&scratch, &flushCount, &sink, &discardPass};
        for (int i = 0; i < kSamples; ++i) {
            if (flushing) {
                CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, read, nullptr));
                if (variant != 1)
                    CHECK(cuLaunchKernel(flush, 528, 1, 1, 512, 1, 1, 0, 0, discard, nullptr));
                void *spinArgs[] = {&spinOut};
                if (variant == 2)
                    CHECK(cuLaunchKernel(spin, 132, 1, 1, 256, 1, 1, 0, 0, spinArgs, nullptr));
                if (variant == 3) {
                    void *farArgs[] = {&far, &farVectors, &sink, &readPass};
                    CHECK(
                        cuLaunchKernel(pageToucher, 132, 1, 1, 256, 1, 1, 0, 0, farArgs, nullptr));
                }
            }
            CHECK(cuEventRecord(start[i], 0));
            CHECK(cuLaunchKernel(kernel, gridX, gridY, 1, threads, 1, 1, 0, 0, args, nullptr));
            CHECK(cuEventRecord(stop[i], 0));
        }
        CHECK(cuCtxSynchronize());
        std::vector<float> times;
        for (int i = 0; i < kSamples; ++i) {
            float ms;
            CHECK(cuEventElapsedTime(&ms, start[i], stop[i]));
            times.push_back(ms * 1000);
        }
        return median(times);
    }
};

// Loads the kernels and data into the current context and measures for `seconds`.
void measure(const std::vector<char> &image, char **argv, const char *label, double seconds)
{
    CUmodule module;
    CUfunction tn8, tn4;
    Bench bench;
    CHECK(cuModuleLoadData(&module, image.data()));
    CHECK(cuModuleGetFunction(&tn8, module, argv[2]));
    CHECK(cuModuleGetFunction(&tn4, module, argv[3]));
    CHECK(cuModuleGetFunction(&bench.flush, module, "flushL2"));
    CUfunction probe;
    CHECK(cuModuleGetFunction(&probe, module, "smLayout"));
    const std::string layout = layoutOf(probe);
    const size_t bytes = (size_t)n * n * 4;
    for (CUdeviceptr *p : {&bench.a, &bench.b, &bench.c})
        CHECK(cuMemAlloc(p, bytes));
    CHECK(cuMemsetD32(bench.a, 0x3f800000, n * n));
    CHECK(cuMemsetD32(bench.b, 0x3f800000, n * n));
    CHECK(cuMemAlloc(&bench.scratch, flushCount * 16));
    CHECK(cuMemsetD8(bench.scratch, 0, flushCount * 16));
    CHECK(cuMemAlloc(&bench.sink, 4));
    bench.start.resize(kSamples);
    bench.stop.resize(kSamples);
    for (int i = 0; i < kSamples; ++i) {
        CHECK(cuEventCreate(&bench.start[i], 0));
        CHECK(cuEventCreate(&bench.stop[i], 0));
    }
    bench.batch(tn8, 128); // warm-up
    bench.batch(tn4, 256);
    // Canaries: would a cheap kernel tell this context's level? A spin (no memory), a 64 MiB
    // copy, and the TN=4 SGEMM at 512^3.
    CUfunction copy;
    CHECK(cuModuleGetFunction(&copy, module, "_Z9copyScalePK6float4PS_fmi"));
    CUdeviceptr smOfBlock, in, out;
    size_t vectors = size_t(4) << 20;
    float alpha = 1.0f;
    int slot = 0, small = 512;
    CHECK(cuMemAlloc(&smOfBlock, 132 * 4));
    CHECK(cuMemAlloc(&in, vectors * 16));
    CHECK(cuMemAlloc(&out, vectors * 16));
    void *spinArgs[] = {&smOfBlock};
    void *copyArgs[] = {&in, &out, &alpha, &vectors, &slot};
    void *smallArgs[] = {&small, &small, &small, &bench.a, &bench.b, &bench.c};
    std::vector<float> spins, copies, smalls;
    for (int i = 0; i < 5; ++i) {
        spins.push_back(bench.batchOf(probe, 132, 1, 256, spinArgs));
        copies.push_back(bench.batchOf(copy, int(vectors / 256), 1, 256, copyArgs));
        smalls.push_back(bench.batchOf(tn4, small / 64, small / 64, 256, smallArgs));
    }
    // The TN=4 SGEMM with 4 flush scratch buffers (this context's first, then 3 more), each
    // with 3 ways of flushing, and without any flush: does the level follow the scratch, and
    // does a way of flushing not have it?
    std::string placements;
    bench.spin = probe;
    bench.spinOut = smOfBlock;
    auto tn4Median = [&] {
        std::vector<float> batches;
        for (int i = 0; i < 3; ++i)
            batches.push_back(bench.batch(tn4, 256));
        char text[16];
        std::snprintf(text, sizeof text, " %.1f", median(batches));
        return std::string(text);
    };
    const char *variants[] = {"read+discard", "read", "read+discard+spin", "+tlb-evict"};
    CHECK(cuModuleGetFunction(&bench.pageToucher, module, "touchPages"));
    CHECK(cuMemAlloc(&bench.far, bench.farVectors * 16));
    std::vector<CUdeviceptr> scratches = {bench.scratch};
    for (int set = 1; set < 4; ++set) {
        scratches.push_back(0);
        CHECK(cuMemAlloc(&scratches.back(), flushCount * 16));
        CHECK(cuMemsetD8(scratches.back(), 0, flushCount * 16));
    }
    for (int variant = 0; variant < 4; ++variant) {
        placements += std::string(" | ") + variants[variant];
        bench.variant = variant;
        for (CUdeviceptr scratch : scratches) {
            bench.scratch = scratch;
            placements += tn4Median();
        }
    }
    bench.scratch = scratches[0];
    bench.variant = 0;
    bench.flushing = false;
    placements += " | unflushed" + tn4Median();
    bench.flushing = true;
    char canaries[96];
    std::snprintf(canaries, sizeof canaries, " canaries spin %.2f copy %.2f sgemm512 %.2f",
                  median(spins), median(copies), median(smalls));
    const double begin = nowSeconds();
    double windowStart = begin;
    std::vector<float> window8, window4;
    while (true) {
        window8.push_back(bench.batch(tn8, 128));
        window4.push_back(bench.batch(tn4, 256));
        const double now = nowSeconds();
        if (now - windowStart >= 1.0 || now - begin >= seconds) {
            std::printf("%s t=%.3f tn8 %.1f tn4 %.1f batches %zu%s\n", label, windowStart,
                        median(window8), median(window4), window8.size(), canaries);
            std::printf("  layout:%s\n  tn4 by scratch and flush:%s\n", layout.c_str(),
                        placements.c_str());
            window8.clear();
            window4.clear();
            windowStart = now;
        }
        if (now - begin >= seconds)
            break;
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 6) {
        std::printf("usage: %s CUBIN SYMBOL_TN8 SYMBOL_TN4 primary|created|sequentialK SECONDS\n",
                    argv[0]);
        return 2;
    }
    const std::vector<char> image = readCubin(argv[1]);
    const double seconds = atof(argv[5]);
    if (std::strcmp(argv[4], "primary") == 0) {
        usePrimaryContext();
        measure(image, argv, "primary", seconds);
        return 0;
    }
    CHECK(cuInit(0));
    CUdevice device;
    CHECK(cuDeviceGet(&device, 0));
    // "created": one context made by cuCtxCreate; "sequentialK": K of them, one after another,
    // each destroyed before the next is made.
    const int contexts = std::strncmp(argv[4], "sequential", 10) == 0 ? atoi(argv[4] + 10) : 1;
    for (int k = 0; k < contexts; ++k) {
        CUcontext context;
        CHECK(cuCtxCreate(&context, nullptr, 0, device));
        char label[32];
        std::snprintf(label, sizeof label, "%s#%d", contexts > 1 ? "sequential" : "created", k);
        measure(image, argv, label, seconds);
        CHECK(cuCtxDestroy(context));
    }
}
