// Register-tiled single-precision GEMM, C = A * B (row-major, M x K times K x N).
//
// Each block computes a BM x BN tile of C, staging BK-wide slices of A and B in shared memory;
// each thread accumulates a TM x TN sub-tile in registers. Bigger tiles reuse more data but need
// more registers and shared memory: the trade-off that tuning settles per GPU and size.
// (The template parameters are named kBM...: the spec's -DBM=... defines must not rename them.)
template <int kBM, int kBN, int kBK, int kTM, int kTN>
__global__ void __launch_bounds__((kBM / kTM) * (kBN / kTN))
    sgemm(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
          float *__restrict__ C)
{
    constexpr int kThreads = (kBM / kTM) * (kBN / kTN);
    __shared__ float tileA[kBK][kBM]; // transposed: a thread's kTM values are contiguous
    __shared__ float tileB[kBK][kBN];

    const int tid = threadIdx.x;
    const int threadRow = tid / (kBN / kTN);
    const int threadCol = tid % (kBN / kTN);
    const int blockRow = blockIdx.y * kBM;
    const int blockCol = blockIdx.x * kBN;

    float acc[kTM][kTN] = {};
    float a[kTM];
    float b[kTN];
    for (int k0 = 0; k0 < K; k0 += kBK) {
        for (int i = tid; i < kBM * kBK; i += kThreads) {
            const int row = i / kBK;
            const int col = i % kBK;
            tileA[col][row] = A[(blockRow + row) * K + k0 + col];
        }
        for (int i = tid; i < kBK * kBN; i += kThreads) {
            const int row = i / kBN;
            const int col = i % kBN;
            tileB[row][col] = B[(k0 + row) * N + blockCol + col];
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < kBK; ++k) {
#pragma unroll
            for (int m = 0; m < kTM; ++m)
                a[m] = tileA[k][threadRow * kTM + m];
#pragma unroll
            for (int n = 0; n < kTN; ++n)
                b[n] = tileB[k][threadCol * kTN + n];
#pragma unroll
            for (int m = 0; m < kTM; ++m)
#pragma unroll
                for (int n = 0; n < kTN; ++n)
                    acc[m][n] += a[m] * b[n];
        }
        __syncthreads();
    }
#pragma unroll
    for (int m = 0; m < kTM; ++m)
#pragma unroll
        for (int n = 0; n < kTN; ++n)
            C[(blockRow + threadRow * kTM + m) * N + blockCol + threadCol * kTN + n] = acc[m][n];
}
