// Shared by the placement experiments (not part of the product; built by hand with nvcc on the
// GPU node, see run.sh): the L2 flush Tunebench uses (a read pass over 2x L2, then a discard
// pass), a median, the GPU's nanosecond timer, a copy kernel that times itself with it, and a
// check of driver calls.
#pragma once

#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" __global__ void flushL2(const int4 *data, size_t count, int *sink, int discard)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    const size_t first = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (discard) {
        for (size_t i = first; i < count / 8; i += stride)
            asm volatile("discard.global.L2 [%0], 128;" ::"l"(data + 8 * i) : "memory");
        return;
    }
    int4 acc = make_int4(0, 0, 0, 0);
    for (size_t i = first; i < count; i += stride) {
        const int4 v = __ldcg(data + i);
        acc.x ^= v.x, acc.y ^= v.y, acc.z ^= v.z, acc.w ^= v.w;
    }
    if ((acc.x & acc.y & acc.z & acc.w) == 0x5a5a5a5a)
        *sink = acc.x;
}

__device__ __forceinline__ unsigned long long globalTimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

inline float median(std::vector<float> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        const CUresult result_ = (call);                                                           \
        if (result_ != CUDA_SUCCESS) {                                                             \
            const char *text_;                                                                     \
            cuGetErrorString(result_, &text_);                                                     \
            std::printf("%s: %s\n", #call, text_);                                                 \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

// Reads one 16-byte vector per 2 MiB page of `data` (count vectors), then discards its line:
// every page's translation is loaded, nothing stays in L2.
extern "C" __global__ void touchPages(const int4 *data, size_t count, int *sink, int)
{
    const size_t perPage = (2u << 20) / 16;
    for (size_t page = blockIdx.x * (size_t)blockDim.x + threadIdx.x; page < count / perPage;
         page += (size_t)gridDim.x * blockDim.x) {
        const int4 *line = data + page * perPage;
        if (__ldcg(line).x == 0x5a5a5a5a)
            *sink = 1;
        asm volatile("discard.global.L2 [%0], 128;" ::"l"(line) : "memory");
    }
}

// Each block spins ~10 us and records the SM it ran on, in block order.
extern "C" __global__ void smLayout(int *smOfBlock)
{
    const long long start = clock64();
    while (clock64() - start < 20000) {
    }
    if (threadIdx.x == 0) {
        int sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        smOfBlock[blockIdx.x] = sm;
    }
}

// Each launch of copyScale records its first block's start and last block's end in its slot.
__device__ unsigned long long gStart[4096], gEnd[4096];

__global__ void copyScale(const float4 *in, float4 *out, float a, size_t n4, int slot)
{
    if (threadIdx.x == 0)
        atomicMin(&gStart[slot], globalTimer());
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 v = in[i];
        v.x *= a, v.y *= a, v.z *= a, v.w *= a;
        out[i] = v;
    }
    __syncthreads();
    if (threadIdx.x == 0)
        atomicMax(&gEnd[slot], globalTimer());
}

// The bytes of a cubin file.
inline std::vector<char> readCubin(const char *path)
{
    std::ifstream file(path, std::ios::binary);
    return std::vector<char>((std::istreambuf_iterator<char>(file)), {});
}

// Initialises the driver and makes device 0's primary context current.
inline CUdevice usePrimaryContext()
{
    CHECK(cuInit(0));
    CUdevice device;
    CUcontext context;
    CHECK(cuDeviceGet(&device, 0));
    CHECK(cuDevicePrimaryCtxRetain(&context, device));
    CHECK(cuCtxSetCurrent(context));
    return device;
}
