// Experiment: sgemm_contexts measured 4 contexts round-robin, one sample at a time, and every
// context sat at the same level (130.1-130.6 us) where one context alone draws one of several
// (128.9-134.5 us). Is it the GPU's switch between contexts before each sample that resets the
// state? Times kernels with the L2 flush run either in the measuring context ("single", as
// Tunebench does today) or in a second context that the measuring stream waits for by an event
// ("switch": the GPU changes context before every sample; samples still batched, no host
// synchronisation between them). CUPTI activity records, 200 samples per kernel.
//   ./context_switch CUBIN SYMBOL_TN8 SYMBOL_TN4 single|switch
#include "common.cuh"
#include "cuptirecords.cuh"

#include <algorithm>
#include <cstring>
#include <string>

namespace {

float gLow = 0, gHigh = 0; // p10 and p90 of the last medianOf

// Median duration of the records whose name contains `part`, and how many of them started
// after a flush kernel that had ended (the record just before, in start order); clears them.
std::pair<float, int> medianOf(const char *part)
{
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    std::sort(gRecords.begin(), gRecords.end(),
              [](const KernelRecord &a, const KernelRecord &b) { return a.start < b.start; });
    std::vector<float> values;
    int ordered = 0;
    for (std::size_t i = 0; i < gRecords.size(); ++i) {
        if (gRecords[i].name.find(part) == std::string::npos)
            continue;
        values.push_back((gRecords[i].end - gRecords[i].start) / 1000.0f);
        ordered += i > 0 && gRecords[i - 1].name.find("flushL2") != std::string::npos &&
                   gRecords[i - 1].end <= gRecords[i].start;
    }
    gRecords.clear();
    std::sort(values.begin(), values.end());
    gLow = values.empty() ? -1 : values[values.size() / 10];
    gHigh = values.empty() ? -1 : values[values.size() * 9 / 10];
    return {values.empty() ? -1 : median(values), ordered};
}

struct Flusher // the flush kernel and its scratch, in the context current when made
{
    CUcontext context;
    CUfunction kernel, nop; // nop: touchPages, which does nothing with a count of 0
    CUstream stream;
    CUdeviceptr scratch, sink;
    size_t count = (100u << 20) / 16;

    void flush()
    {
        int read = 0, discard = 1;
        void *readArgs[] = {&scratch, &count, &sink, &read};
        void *discardArgs[] = {&scratch, &count, &sink, &discard};
        CHECK(cuLaunchKernel(kernel, 528, 1, 1, 512, 1, 1, 0, stream, readArgs, nullptr));
        CHECK(cuLaunchKernel(kernel, 528, 1, 1, 512, 1, 1, 0, stream, discardArgs, nullptr));
    }
};

Flusher makeFlusher(const std::vector<char> &image)
{
    Flusher f;
    CHECK(cuCtxGetCurrent(&f.context));
    CUmodule module;
    CHECK(cuModuleLoadData(&module, image.data()));
    CHECK(cuModuleGetFunction(&f.kernel, module, "flushL2"));
    CHECK(cuModuleGetFunction(&f.nop, module, "touchPages"));
    CHECK(cuStreamCreate(&f.stream, CU_STREAM_NON_BLOCKING));
    CHECK(cuMemAlloc(&f.scratch, f.count * 16));
    CHECK(cuMemsetD8(f.scratch, 0, f.count * 16));
    CHECK(cuMemAlloc(&f.sink, 4));
    return f;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 5) {
        std::printf("usage: %s CUBIN SYMBOL_TN8 SYMBOL_TN4 single|switch\n", argv[0]);
        return 2;
    }
    // "switchK": the flush runs in the other context before every K-th sample (K = 1 when
    // left out), in the measuring context before the others.
    // "nopK": as switchK, but the other context runs only an empty kernel, and every sample
    // is flushed in the measuring context: is the switch itself what matters?
    const bool nop = std::strncmp(argv[4], "nop", 3) == 0;
    const bool switching = nop || std::strncmp(argv[4], "switch", 6) == 0;
    const char *count = argv[4] + (nop ? 3 : 6);
    const int every = switching && *count ? std::max(1, atoi(count)) : 1;
    startKernelRecords(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    const std::vector<char> image = readCubin(argv[1]);
    CHECK(cuInit(0));
    CUdevice device;
    CHECK(cuDeviceGet(&device, 0));
    CUcontext measuring, other;
    if (switching) { // the flush's context first, so the measuring one is made last
        CHECK(cuCtxCreate(&other, nullptr, 0, device));
    }
    Flusher flusher = switching ? makeFlusher(image) : Flusher{};
    CHECK(cuCtxCreate(&measuring, nullptr, 0, device));
    Flusher local = makeFlusher(image); // in the measuring context
    if (!switching)
        flusher = local;
    CUmodule module;
    CUfunction tn8, tn4, copy;
    CHECK(cuModuleLoadData(&module, image.data()));
    CHECK(cuModuleGetFunction(&tn8, module, argv[2]));
    CHECK(cuModuleGetFunction(&tn4, module, argv[3]));
    CHECK(cuModuleGetFunction(&copy, module, "_Z9copyScalePK6float4PS_fmi"));
    CUstream stream;
    CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    int n = 1024;
    CUdeviceptr a, b, c, in, out;
    for (CUdeviceptr *p : {&a, &b, &c})
        CHECK(cuMemAlloc(p, (size_t)n * n * 4));
    CHECK(cuMemsetD32(a, 0x3f800000, n * n));
    CHECK(cuMemsetD32(b, 0x3f800000, n * n));
    size_t big = size_t(4) << 20; // float4 vectors: 64 MiB
    CHECK(cuMemAlloc(&in, big * 16));
    CHECK(cuMemAlloc(&out, big * 16));
    CHECK(cuMemsetD8(in, 0, big * 16));
    // Each flush waits for the previous sample's kernel, each kernel for its flush: one
    // sequence across the two streams (and contexts).
    std::vector<CUevent> flushed(200), done(200);
    for (CUevent &event : flushed) { // in the flush's context
        CHECK(cuCtxSetCurrent(flusher.context));
        CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
    }
    for (CUevent &event : done) { // in the measuring context
        CHECK(cuCtxSetCurrent(measuring));
        CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
    }
    auto measure = [&](const char *name, CUfunction kernel, int gridX, int gridY, int threads,
                       void **args) {
        CHECK(cuCtxSetCurrent(measuring));
        for (int warmup = 0; warmup < 3; ++warmup)
            CHECK(cuLaunchKernel(kernel, gridX, gridY, 1, threads, 1, 1, 0, stream, args, nullptr));
        CHECK(cuStreamSynchronize(stream));
        medianOf("-"); // the warm-ups are not samples
        for (int sample = 0; sample < 200; ++sample) {
            const bool other = switching && sample % every == 0;
            if (other && nop) { // an empty kernel in the other context, then the usual flush
                CHECK(cuCtxSetCurrent(flusher.context));
                if (sample > 0)
                    CHECK(cuStreamWaitEvent(flusher.stream, done[sample - 1], 0));
                size_t none = 0;
                int zero = 0;
                void *nopArgs[] = {&flusher.scratch, &none, &flusher.sink, &zero};
                CHECK(cuLaunchKernel(flusher.nop, 1, 1, 1, 32, 1, 1, 0, flusher.stream, nopArgs,
                                     nullptr));
                CHECK(cuEventRecord(flushed[sample], flusher.stream));
                CHECK(cuCtxSetCurrent(measuring));
                CHECK(cuStreamWaitEvent(stream, flushed[sample], 0));
            }
            if (!other || nop) { // the flush on the measuring stream itself, as Tunebench before
                CHECK(cuCtxSetCurrent(measuring));
                local.stream = stream;
                local.flush();
            } else {
                CHECK(cuCtxSetCurrent(flusher.context));
                if (sample > 0)
                    CHECK(cuStreamWaitEvent(flusher.stream, done[sample - 1], 0));
                flusher.flush();
                CHECK(cuEventRecord(flushed[sample], flusher.stream));
                CHECK(cuCtxSetCurrent(measuring));
                CHECK(cuStreamWaitEvent(stream, flushed[sample], 0));
            }
            CHECK(cuLaunchKernel(kernel, gridX, gridY, 1, threads, 1, 1, 0, stream, args, nullptr));
            CHECK(cuEventRecord(done[sample], stream));
        }
        CHECK(cuStreamSynchronize(stream));
        return medianOf(name);
    };
    void *gemmArgs[] = {&n, &n, &n, &a, &b, &c};
    float alpha = 2.0f;
    int slot = 0;
    size_t small = size_t(1) << 18; // float4 vectors: 4 MiB, a ~3 us copy
    void *smallArgs[] = {&in, &out, &alpha, &small, &slot};
    void *bigArgs[] = {&in, &out, &alpha, &big, &slot};
    const auto t8 = measure("sgemm", tn8, n / 64, n / 64, 128, gemmArgs);
    const auto t4 = measure("sgemm", tn4, n / 64, n / 64, 256, gemmArgs);
    const float low4 = gLow, high4 = gHigh;
    const auto copySmall = measure("copyScale", copy, int(small / 256), 1, 256, smallArgs);
    const auto copyBig = measure("copyScale", copy, int(big / 256), 1, 256, bigArgs);
    std::printf("%s tn8 %.2f tn4 %.2f (p10 %.2f p90 %.2f) copy4MiB %.3f copy64MiB %.2f "
                "(samples after a flush: %d %d %d %d of 200)\n",
                argv[4], t8.first, t4.first, low4, high4, copySmall.first, copyBig.first, t8.second,
                t4.second, copySmall.second, copyBig.second);
}
