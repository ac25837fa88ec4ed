/* 2-D five-point Jacobi stencil, out = average of each interior point's four neighbours and
 * itself; the border is copied. Arrays are ny rows of nx floats.
 *
 * Tunable: TX x TY is the tile walked at a time (how many rows stay in cache while the next
 * ones are read); UNROLL is how far the compiler unrolls the inner x loop. */
#include <stddef.h>

#ifndef TX
#define TX 256
#endif
#ifndef TY
#define TY 16
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

static void copy_border(const float *restrict in, float *restrict out, int nx, int ny)
{
    for (int x = 0; x < nx; ++x) {
        out[x] = in[x];
        out[(size_t)(ny - 1) * nx + x] = in[(size_t)(ny - 1) * nx + x];
    }
    for (int y = 0; y < ny; ++y) {
        out[(size_t)y * nx] = in[(size_t)y * nx];
        out[(size_t)y * nx + nx - 1] = in[(size_t)y * nx + nx - 1];
    }
}

void stencil(const float *restrict in, float *restrict out, int nx, int ny)
{
    copy_border(in, out, nx, ny);
    for (int y0 = 1; y0 < ny - 1; y0 += TY) {
        const int y1 = min_int(y0 + TY, ny - 1);
        for (int x0 = 1; x0 < nx - 1; x0 += TX) {
            const int x1 = min_int(x0 + TX, nx - 1);
            for (int y = y0; y < y1; ++y) {
                const float *restrict up = in + (size_t)(y - 1) * nx;
                const float *restrict row = in + (size_t)y * nx;
                const float *restrict down = in + (size_t)(y + 1) * nx;
                float *restrict dst = out + (size_t)y * nx;
                TB_UNROLL(UNROLL)
                for (int x = x0; x < x1; ++x)
                    dst[x] = 0.2f * (row[x] + row[x - 1] + row[x + 1] + up[x] + down[x]);
            }
        }
    }
}
