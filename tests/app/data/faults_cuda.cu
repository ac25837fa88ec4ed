// A CUDA kernel made to fail on purpose, one way per FAULT, for the GPU fault campaign
// (bench/reliability/fault_campaign.py --backend cuda): 0 correct, 1 wrong result, 2 compile
// error, 3 launched with too many threads (the spec's block expression), 4 writes through a
// null pointer, 5 traps, 6 never ends, 7 needs more device memory than a GPU has (the spec's
// `spare` and `spare2` buffers: 128 GiB each, 256 GiB together, more than an H100 or H200).
#ifndef FAULT
#define FAULT 0
#endif

#if FAULT == 2
#error "FAULT 2 is built to fail compilation"
#endif

extern "C" __global__ void scale(const float *x, float *y, int n, double *spare, double *spare2)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if FAULT == 4
    if (i == 0)
        *static_cast<volatile float *>(nullptr) = 1.0f;
#elif FAULT == 5
    if (i == 0)
        asm volatile("trap;");
#elif FAULT == 6
    // Spins on memory the compiler cannot see through (inputs are in [-1, 1]): never ends.
    while (*static_cast<const volatile float *>(x) < 10.0f)
        ;
#endif
    if (i == 0 && spare && spare2)
        spare[0] = spare2[0];
    if (i < n)
        y[i] = 2.0f * x[i] + (FAULT == 1 && i == n / 2 ? 1.0f : 0.0f);
}
