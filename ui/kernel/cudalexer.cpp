#include "cudalexer.h"

#include <QColor>

namespace tb {

CudaLexer::CudaLexer(QObject *parent) : QsciLexerCPP(parent)
{
    setColor(QColor(0x8b, 0x3a, 0x9e), KeywordSet2); // purple: stands apart from C++ keywords
}

const char *CudaLexer::cudaKeywords()
{
    // Qualifiers, built-in variables, common intrinsics and vector types.
    return "__global__ __device__ __host__ __shared__ __constant__ __managed__ __restrict__ "
           "__noinline__ __forceinline__ __launch_bounds__ __grid_constant__ "
           "threadIdx blockIdx blockDim gridDim warpSize "
           "__syncthreads __syncthreads_count __syncthreads_and __syncthreads_or __syncwarp "
           "__threadfence __threadfence_block __threadfence_system "
           "__shfl_sync __shfl_up_sync __shfl_down_sync __shfl_xor_sync "
           "__ballot_sync __any_sync __all_sync __activemask __ldg __ldcg __ldcs __stcg __stcs "
           "atomicAdd atomicSub atomicExch atomicMin atomicMax atomicInc atomicDec atomicCAS "
           "atomicAnd atomicOr atomicXor __fmaf_rn __fdividef __expf __logf __sinf __cosf "
           "char2 char3 char4 uchar2 uchar3 uchar4 short2 short3 short4 ushort2 ushort3 ushort4 "
           "int2 int3 int4 uint2 uint3 uint4 long2 long3 long4 ulong2 ulong3 ulong4 "
           "longlong2 longlong4 ulonglong2 ulonglong4 float2 float3 float4 double2 double3 "
           "double4 dim3 half half2 __half __half2 __nv_bfloat16 __nv_bfloat162 "
           "make_int2 make_int4 make_uint2 make_uint4 make_float2 make_float3 make_float4 "
           "make_double2";
}

const char *CudaLexer::keywords(int set) const
{
    if (set == 2)
        return cudaKeywords();
    return QsciLexerCPP::keywords(set);
}

} // namespace tb
