// A CUDA kernel made to fail on purpose, one way per MODE, for the GPU end-to-end test:
// 0 and 6 are correct, 1 computes a wrong answer, 2 does not compile, 3 is launched with too
// many threads (see the spec's block expression), 4 writes through a null pointer, 5 never ends.
#ifndef MODE
#define MODE 0
#endif

#if MODE == 2
#error "MODE 2 is built to fail compilation"
#endif

extern "C" __global__ void scale(const float *x, float *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if MODE == 4
    if (i == 0)
        *static_cast<volatile float *>(nullptr) = 1.0f;
#elif MODE == 5
    // Spins on memory the compiler cannot see through (inputs are in [-1, 1]): never ends.
    while (*static_cast<const volatile float *>(x) < 10.0f)
        ;
#endif
    if (i < n)
        y[i] = 2.0f * x[i] + (MODE == 1 && i == n / 2 ? 1.0f : 0.0f);
}
