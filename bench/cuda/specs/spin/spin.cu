// A kernel whose duration is known without any timer: every thread spins until its SM's
// cycle counter has advanced by CYCLES. At a fixed SM clock it runs CYCLES / clock seconds
// (plus block launch and retirement), so it is a third reference for the timing fidelity
// benchmark, independent of both CUPTI and Nsight Compute.
extern "C" __global__ void spin(int *sink)
{
    const long long start = clock64();
    while (clock64() - start < CYCLES) {
    }
    if (threadIdx.x == 0 && blockIdx.x == 0)
        sink[0] = 1;
}
