// 2-D convolution with a 7 x 7 filter in constant memory ("valid" correlation):
//   out[y][x] = sum over i, j < 7 of in[y + i][x + j] * filter[i][j]
// `out` is H x W, `in` is (H + 6) x (W + 6) (the halo is part of the input, so there are no
// boundary cases), both row-major. The filter is the spec's `constant` argument: the bench
// worker copies it into the symbol `filter` of every module it loads.
//
// Tunable, every one a macro (-DBX=32 ...):
//   BX x BY   threads per block (x along a row)
//   TX x TY   outputs per thread; a block computes a (BX * TX) x (BY * TY) tile of `out`
//   XSTRIDE   0: a thread's TX outputs are adjacent (x = tx * TX + n);
//             1: they are BX apart (x = tx + n * BX), so that a warp's accesses are contiguous
//   SMEM      0: read the input through the read-only data cache (__ldg);
//             1: stage the tile's input, (BY * TY + 6) x (BX * TX + 6) floats, in shared memory
//   PAD       SMEM only: one extra float per shared row (bank conflicts)
//   UNROLL    1: the filter's row loop is not unrolled; 7: it is, completely (the column loop
//             always is)
//
// Every output is accumulated in one thread, i = 0..6 then j = 0..6 in order, one fused
// multiply-add each, whatever the configuration: all configurations agree bit for bit.
#ifndef BX
#define BX 32
#endif
#ifndef BY
#define BY 8
#endif
#ifndef TX
#define TX 1
#endif
#ifndef TY
#define TY 1
#endif
#ifndef XSTRIDE
#define XSTRIDE 1
#endif
#ifndef SMEM
#define SMEM 0
#endif
#ifndef PAD
#define PAD 0
#endif
#ifndef UNROLL
#define UNROLL 1
#endif

#define FILTER_SIZE 7

__constant__ float filter[FILTER_SIZE * FILTER_SIZE];

constexpr int kTileW = BX * TX; // outputs per block along x
constexpr int kTileH = BY * TY;
constexpr int kInW = kTileW + FILTER_SIZE - 1; // the input the tile reads
constexpr int kInH = kTileH + FILTER_SIZE - 1;
constexpr int kThreads = BX * BY;
constexpr int kUnroll = UNROLL;

static_assert(UNROLL == 1 || UNROLL == FILTER_SIZE, "UNROLL is 1 or 7");
static_assert(SMEM == 0 || SMEM == 1, "SMEM is 0 or 1");

// __launch_bounds__(kThreads, 1): the whole register file for one block. Without the 1, ptxas
// for sm_90 capped 512-thread blocks at 64 registers and spilled.
extern "C" __global__ void __launch_bounds__(kThreads, 1)
    conv2d(float *__restrict__ out, const float *__restrict__ in, int W, int H)
{
    (void)H;
    const int inStride = W + FILTER_SIZE - 1;
    const int tileX = blockIdx.x * kTileW;
    const int tileY = blockIdx.y * kTileH;
    // The thread's first output, relative to the tile.
    const int x0 = XSTRIDE ? threadIdx.x : threadIdx.x * TX;
    const int y0 = threadIdx.y * TY;
    constexpr int kStepX = XSTRIDE ? BX : 1; // between the thread's outputs along x

#if SMEM
    __shared__ float tile[kInH][kInW + PAD];
    const int tid = threadIdx.y * BX + threadIdx.x;
    for (int e = tid; e < kInH * kInW; e += kThreads) {
        const int r = e / kInW;
        const int c = e % kInW;
        tile[r][c] = in[(size_t)(tileY + r) * inStride + tileX + c];
    }
    __syncthreads();
#define INPUT(r, c) tile[(r)][(c)]
#else
    const float *const base = in + (size_t)tileY * inStride + tileX;
#define INPUT(r, c) __ldg(base + (size_t)(r)*inStride + (c))
#endif

    float acc[TY][TX];
#pragma unroll
    for (int m = 0; m < TY; ++m)
#pragma unroll
        for (int n = 0; n < TX; ++n)
            acc[m][n] = 0.0f;

#pragma unroll kUnroll
    for (int i = 0; i < FILTER_SIZE; ++i) {
#pragma unroll
        for (int j = 0; j < FILTER_SIZE; ++j) {
            const float f = filter[i * FILTER_SIZE + j];
#pragma unroll
            for (int m = 0; m < TY; ++m)
#pragma unroll
                for (int n = 0; n < TX; ++n)
                    acc[m][n] = fmaf(INPUT(y0 + m + i, x0 + n * kStepX + j), f, acc[m][n]);
        }
    }
#undef INPUT

#pragma unroll
    for (int m = 0; m < TY; ++m)
#pragma unroll
        for (int n = 0; n < TX; ++n)
            out[(size_t)(tileY + y0 + m) * W + tileX + x0 + n * kStepX] = acc[m][n];
}
