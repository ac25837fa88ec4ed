// Vectorised copy-and-scale, out[i] = alpha * in[i]: a bandwidth-bound kernel whose speed
// depends on how much each thread moves per instruction and per launch.
//
// Tunable: BLOCK threads per block; VEC floats per load/store (1, 2 or 4: float, float2,
// float4); ITEMS vectors per thread (more work per thread, fewer blocks).
#ifndef BLOCK
#define BLOCK 256
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef ITEMS
#define ITEMS 1
#endif

template <int N> struct Vector;
template <> struct Vector<1>
{
    using Type = float;
    __device__ static Type scale(Type v, float a) { return v * a; }
};
template <> struct Vector<2>
{
    using Type = float2;
    __device__ static Type scale(Type v, float a) { return make_float2(v.x * a, v.y * a); }
};
template <> struct Vector<4>
{
    using Type = float4;
    __device__ static Type scale(Type v, float a)
    {
        return make_float4(v.x * a, v.y * a, v.z * a, v.w * a);
    }
};

extern "C" __global__ void __launch_bounds__(BLOCK)
    copy_scale(const float *__restrict__ in, float *__restrict__ out, float alpha,
               unsigned long long n)
{
    using V = Vector<VEC>;
    const auto *src = reinterpret_cast<const typename V::Type *>(in);
    auto *dst = reinterpret_cast<typename V::Type *>(out);
    const unsigned long long vectors = n / VEC;
    const unsigned long long first =
        static_cast<unsigned long long>(blockIdx.x) * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
    for (int item = 0; item < ITEMS; ++item) {
        const unsigned long long index = first + static_cast<unsigned long long>(item) * BLOCK;
        if (index < vectors)
            dst[index] = V::scale(src[index], alpha);
    }
}
