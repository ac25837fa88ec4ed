// Experiment: why do the < 20 us copies sit up to 5% from Nsight Compute (minus its fixed
// offset), config by config? Hypothesis: Tunebench's L2 flush reads 2x L2 of scratch, which
// also evicts the GPU's address translations (TLB) of the kernel's buffers, while ncu's cache
// control invalidates the caches without touching other memory. Times the copy_scale example's
// configurations (and a spin kernel of known cycles) by CUPTI activity records under five ways
// of preparing each sample, interleaved in one process (findings:
// bench/results/cuda_timing_fidelity.md, "Below 20 us"):
//   flush      Tunebench's: read a 2x L2 scratch, then discard its lines
//   flush_tlb  flush, then read one word per 64 KiB of the kernel's buffers and discard those
//              lines (translations warm, L2 empty)
//   discard    only discard the kernel's own buffers' lines (L2 cold for them, nothing evicted)
//   warm       nothing
//   flush_tlbcold  flush, then touch one word per 2 MiB page of 16 GiB (translations evicted)
// With TIMER "none" it only launches (for ncu, which does its own cache control); with
// "none-flush" it launches Tunebench's flush before each sample (for ncu --cache-control none).
//   ./flush_modes N TIMER(concurrent|serial|none|none-flush) ROUNDS
#include "common.cuh"
#include "cuptirecords.cuh"

#include <cstring>
#include <string>

namespace {

template <int BLOCK, int VEC, int ITEMS>
__global__ void __launch_bounds__(BLOCK) copyScaleT(const float *in, float *out, float a, size_t n)
{
    using V = std::conditional_t<VEC == 4, float4, std::conditional_t<VEC == 2, float2, float>>;
    const V *src = reinterpret_cast<const V *>(in);
    V *dst = reinterpret_cast<V *>(out);
    const size_t vectors = n / VEC;
    const size_t first = (size_t)blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
    for (int item = 0; item < ITEMS; ++item) {
        const size_t index = first + (size_t)item * BLOCK;
        if (index < vectors) {
            V v = src[index];
            float *f = reinterpret_cast<float *>(&v);
            for (int k = 0; k < VEC; ++k)
                f[k] *= a;
            dst[index] = v;
        }
    }
}

template <long long CYCLES> __global__ void spinT(int *sink)
{
    const long long start = clock64();
    while (clock64() - start < CYCLES) {
    }
    if (threadIdx.x == 0 && blockIdx.x == 0)
        sink[0] = 1;
}

// Reads one word every `stride` bytes (when `load`), then discards that word's L2 line.
__global__ void touchAndDiscard(const int *data, size_t bytes, size_t stride, int *sink, int load)
{
    const size_t count = bytes / stride;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count;
         i += (size_t)gridDim.x * blockDim.x) {
        const int *line = data + i * stride / 4;
        if (load && __ldcg(line) == 0x5a5a5a5a)
            *sink = 1;
        asm volatile("discard.global.L2 [%0], 128;" ::"l"(line) : "memory");
    }
}

struct Config
{
    const char *name;
    void (*launch)(CUdeviceptr in, CUdeviceptr out, size_t n, int *sink);
};

template <int B, int V, int I> void launchCopy(CUdeviceptr in, CUdeviceptr out, size_t n, int *)
{
    const size_t blocks = (n + (size_t)B * V * I - 1) / ((size_t)B * V * I);
    copyScaleT<B, V, I><<<blocks, B>>>((const float *)in, (float *)out, 2.0f, n);
}

template <long long C> void launchSpin(CUdeviceptr, CUdeviceptr, size_t, int *sink)
{
    spinT<C><<<132, 128>>>(sink);
}

const Config kConfigs[] = {
    {"copy 128/1/1", launchCopy<128, 1, 1>}, {"copy 256/4/1", launchCopy<256, 4, 1>},
    {"copy 512/4/8", launchCopy<512, 4, 8>}, {"copy 1024/2/4", launchCopy<1024, 2, 4>},
    {"copy 256/2/2", launchCopy<256, 2, 2>}, {"spin 4000", launchSpin<4000>},
    {"spin 20000", launchSpin<20000>},       {"spin 100000", launchSpin<100000>},
};
const char *kModes[] = {"flush", "flush_tlb", "discard", "warm", "flush_tlbcold"};

// Median of the durations of kernels whose name contains `part` (the flush kernels are skipped).
double medianOf(const char *part)
{
    std::vector<float> values;
    for (const KernelRecord &record : gRecords)
        if (record.name.find(part) != std::string::npos)
            values.push_back((record.end - record.start) / 1000.0);
    gRecords.clear();
    return values.empty() ? -1 : median(values);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 4) {
        std::printf("usage: %s N concurrent|serial|none ROUNDS\n", argv[0]);
        return 2;
    }
    const size_t n = std::strtoull(argv[1], nullptr, 10);
    const std::string timer = argv[2];
    const bool launchOnly = timer == "none" || timer == "none-flush";
    const int rounds = atoi(argv[3]), samples = launchOnly ? 25 : 200;
    if (!launchOnly) {
        startKernelRecords(timer == "serial" ? CUPTI_ACTIVITY_KIND_KERNEL
                                             : CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    }
    usePrimaryContext();
    CUdeviceptr in, out, scratch, sink, far;
    const size_t farBytes = size_t(16) << 30; // 16 GiB, touched once per 2 MiB page
    const size_t flushVectors = (100u << 20) / 16;
    CHECK(cuMemAlloc(&in, n * 4));
    CHECK(cuMemAlloc(&out, n * 4));
    CHECK(cuMemAlloc(&scratch, flushVectors * 16));
    CHECK(cuMemAlloc(&sink, 4));
    CHECK(cuMemAlloc(&far, farBytes));
    CHECK(cuMemsetD32(in, 0x3f800000, n));
    CHECK(cuMemsetD8(scratch, 0, flushVectors * 16));
    auto prepare = [&](int mode) {
        if (mode == 0 || mode == 1 || mode == 4) {
            flushL2<<<528, 512>>>((const int4 *)scratch, flushVectors, (int *)sink, 0);
            flushL2<<<528, 512>>>((const int4 *)scratch, flushVectors, (int *)sink, 1);
        }
        if (mode == 1 || mode == 2)
            for (CUdeviceptr buffer : {in, out})
                touchAndDiscard<<<132, 256>>>((const int *)buffer, n * 4, mode == 2 ? 128 : 65536,
                                              (int *)sink, mode == 1);
        if (mode == 4) // evicts translations: 8192 pages of 2 MiB, far beyond the kernel's
            touchAndDiscard<<<132, 256>>>((const int *)far, farBytes, 2 << 20, (int *)sink, 1);
    };
    const int modes = launchOnly ? 1 : 5;
    for (int round = 0; round < rounds; ++round)
        for (const Config &config : kConfigs)
            for (int mode = 0; mode < modes; ++mode) {
                for (int w = 0; w < 3; ++w)
                    config.launch(in, out, n, (int *)sink);
                CHECK(cuCtxSynchronize());
                if (!launchOnly) { // the warm-ups are not samples
                    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
                    gRecords.clear();
                }
                for (int s = 0; s < samples; ++s) {
                    if (timer != "none")
                        prepare(mode); // none-flush: Tunebench's flush under ncu's eyes
                    config.launch(in, out, n, (int *)sink);
                }
                CHECK(cuCtxSynchronize());
                if (launchOnly) { // ncu's rows come in this order, 3 + samples each
                    std::printf("config: %s\n", config.name);
                    continue;
                }
                cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
                const bool spin = std::strncmp(config.name, "spin", 4) == 0;
                std::printf("%s %s round %d timer %s n %zu: %.4f us\n", config.name, kModes[mode],
                            round, timer.c_str(), n, medianOf(spin ? "spinT" : "copyScaleT"));
            }
    if (!launchOnly)
        cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}
