// Test kernel of tst_nvrtccompiler and tst_cudacompilebackend: scales a vector in place, each
// thread handling Unroll elements Block apart. The spec passes the tuning parameters both as
// -D defines (T_BLOCK, UNROLL) and as template arguments through the entry "scale<T_BLOCK,
// UNROLL>"; the template parameters have other names, or the defines would rewrite them.
#include "scalefactor.cuh"

static_assert(UNROLL <= 8, "scale.cu supports UNROLL up to 8");

template <int Block, int Unroll> __global__ void scale(float *data, int n)
{
    const int base = blockIdx.x * Block * Unroll + threadIdx.x;
#pragma unroll
    for (int u = 0; u < Unroll; ++u) {
        const int i = base + u * Block;
        if (i < n)
            data[i] *= scaleFactor();
    }
}
