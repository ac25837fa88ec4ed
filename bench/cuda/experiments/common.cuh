// Shared by the placement experiments (not part of the product; built by hand with nvcc on the
// GPU node, see run.sh): the L2 flush Tunebench uses (a read pass over 2x L2, then a discard
// pass), a median and the GPU's nanosecond timer.
#pragma once

#include <algorithm>
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
