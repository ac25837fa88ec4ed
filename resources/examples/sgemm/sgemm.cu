// Register-tiled single-precision GEMM, C = A * B (row-major, M x K times K x N).
//
// Each block computes a BM x BN tile of C, staging BK-wide slices of A and B in shared memory;
// each thread accumulates a TM x TN sub-tile in registers. Bigger tiles reuse more data but need
// more registers and shared memory: the trade-off that tuning settles per GPU and size.
// The template parameters carry the spec's parameter names: the entry sgemm<BM, BN, BK, TM, TN>
// passes each configuration's values (their macros are TB_PARAM_BM..., FORMAT.md).
template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    sgemm(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
          float *__restrict__ C)
{
    constexpr int kThreads = (BM / TM) * (BN / TN);
    __shared__ float tileA[BK][BM]; // transposed: a thread's TM values are contiguous
    __shared__ float tileB[BK][BN];

    const int tid = threadIdx.x;
    const int threadRow = tid / (BN / TN);
    const int threadCol = tid % (BN / TN);
    const int blockRow = blockIdx.y * BM;
    const int blockCol = blockIdx.x * BN;

    float acc[TM][TN] = {};
    float a[TM];
    float b[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK; i += kThreads) {
            const int row = i / BK;
            const int col = i % BK;
            tileA[col][row] = A[(blockRow + row) * K + k0 + col];
        }
        for (int i = tid; i < BK * BN; i += kThreads) {
            const int row = i / BN;
            const int col = i % BN;
            tileB[row][col] = B[(k0 + row) * N + blockCol + col];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int m = 0; m < TM; ++m)
                a[m] = tileA[k][threadRow * TM + m];
#pragma unroll
            for (int n = 0; n < TN; ++n)
                b[n] = tileB[k][threadCol * TN + n];
#pragma unroll
            for (int m = 0; m < TM; ++m)
#pragma unroll
                for (int n = 0; n < TN; ++n)
                    acc[m][n] += a[m] * b[n];
        }
        __syncthreads();
    }
#pragma unroll
    for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; ++n)
            C[(blockRow + threadRow * TM + m) * N + blockCol + threadCol * TN + n] = acc[m][n];
}
