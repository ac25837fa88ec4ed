// The SGEMM example's kernel for two configurations and the flush, as one cubin for
// sgemm_placement (nvcc -cubin -arch=sm_90 -O3 -o sgemm_instances.cubin sgemm_instances.cu).
#include "../../../resources/examples/sgemm/sgemm.cu"
#include "common.cuh"

template __global__ void sgemm<64, 64, 16, 4, 8>(int, int, int, const float *, const float *,
                                                 float *);
template __global__ void sgemm<64, 64, 16, 4, 4>(int, int, int, const float *, const float *,
                                                 float *);
