/* Cache-blocked single-precision matrix multiply, C = A * B (n x n, row-major).
 *
 * Tunable: BM, BN, BK are the tile sizes of the i, j and k loops (how much of A, B and C is
 * reused from cache); UNROLL is how far the compiler unrolls the innermost j loop.
 * The best tiles depend on the cache sizes of the machine: that is what tuning finds. */
#include <string.h>

#ifndef BM
#define BM 32
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 32
#endif
#ifndef UNROLL
#define UNROLL 1
#endif

#define TB_PRAGMA(x) _Pragma(#x)
#define TB_UNROLL(n) TB_PRAGMA(GCC unroll n)

static inline int min_int(int a, int b)
{
    return a < b ? a : b;
}

void matmul(const float *restrict a, const float *restrict b, float *restrict c, int n)
{
    memset(c, 0, (size_t)n * (size_t)n * sizeof(float));
    for (int i0 = 0; i0 < n; i0 += BM) {
        const int i1 = min_int(i0 + BM, n);
        for (int k0 = 0; k0 < n; k0 += BK) {
            const int k1 = min_int(k0 + BK, n);
            for (int j0 = 0; j0 < n; j0 += BN) {
                const int j1 = min_int(j0 + BN, n);
                for (int i = i0; i < i1; ++i) {
                    float *restrict crow = c + (size_t)i * n;
                    for (int k = k0; k < k1; ++k) {
                        const float aik = a[(size_t)i * n + k];
                        const float *restrict brow = b + (size_t)k * n;
                        TB_UNROLL(UNROLL)
                        for (int j = j0; j < j1; ++j)
                            crow[j] += aik * brow[j];
                    }
                }
            }
        }
    }
}
