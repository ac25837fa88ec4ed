// Blocked matrix multiply used by tst_specloader: C = A * B for N x N matrices.
void matmul(const float *A, const float *B, float *C, int n)
{
    for (int i0 = 0; i0 < n; i0 += BM)
        for (int i = i0; i < i0 + BM; ++i)
            for (int j = 0; j < n; ++j) {
                float sum = 0.0f;
                for (int k = 0; k < n; k += UNROLL)
                    for (int u = 0; u < UNROLL; ++u)
                        sum += A[i * n + k + u] * B[(k + u) * n + j];
                C[i * n + j] = sum;
            }
}
