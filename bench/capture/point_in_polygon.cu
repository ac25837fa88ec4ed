// The tunable form of bench/capture/app's point_in_polygon kernel (issue 37): the same
// parameters and __constant__ arrays, so a capture of the application feeds it unchanged.
//   BLOCK       threads per block
//   ITEMS       points per thread
//   USE_SLOPE   1: the edge's precomputed slope from c_slope (as the application does);
//               0: the slope computed from the vertices here, which rounds differently on
//               points that lie on an edge, so a few bits of the bitmap may flip
//   SHARED      1: the vertices copied to shared memory first. Its copy loop has a bug kept on
//               purpose: each thread copies one vertex, so a block of fewer threads than
//               vertices leaves some out. Those configurations are really wrong.
constexpr int kMaxVertices = 64;
__constant__ float c_vx[kMaxVertices];
__constant__ float c_vy[kMaxVertices];
__constant__ float c_slope[kMaxVertices];

__device__ bool crosses(float px, float py, float xk, float yk, float xj, float yj, float slope)
{
    const bool spans = (yk > py) != (yj > py);
#if USE_SLOPE
    return spans && px < xk + (py - yk) * slope;
#else
    return spans && px < xk + (py - yk) * (xj - xk) / (yj - yk);
#endif
}

__global__ void point_in_polygon(const float *x, const float *y, int *inside, int n, int vertices)
{
#if SHARED
    __shared__ float vx[kMaxVertices], vy[kMaxVertices], slope[kMaxVertices];
    if (threadIdx.x < vertices) { // the bug: needs a loop when BLOCK < vertices
        vx[threadIdx.x] = c_vx[threadIdx.x];
        vy[threadIdx.x] = c_vy[threadIdx.x];
        slope[threadIdx.x] = c_slope[threadIdx.x];
    }
    __syncthreads();
#else
    const float *vx = c_vx, *vy = c_vy, *slope = c_slope;
#endif
    const int first = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
#pragma unroll
    for (int item = 0; item < ITEMS; ++item) {
        const int i = first + item;
        if (i >= n)
            return;
        const float px = x[i];
        const float py = y[i];
        int crossings = 0;
        for (int k = 0, j = vertices - 1; k < vertices; j = k++)
            crossings ^= crosses(px, py, vx[k], vy[k], vx[j], vy[j], slope[j]) ? 1 : 0;
        inside[i] = crossings;
    }
}
