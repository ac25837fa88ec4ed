// A 1-D convolution that reads its filter from constant memory, as real convolution kernels
// do: the spec fills `filter` through a constant argument (kind "constant"). The trap makes a
// filter that never arrived impossible to miss: every tap of the spec's filter is non-zero,
// while a symbol nobody filled reads as zeros.
constexpr int kRadius = 8;
__constant__ float filter[2 * kRadius + 1];

__global__ void convolve(const float *__restrict__ in, float *__restrict__ out, int n)
{
    if (filter[kRadius] == 0.0f)
        __trap();
    const int first = (blockIdx.x * blockDim.x + threadIdx.x) * PER_THREAD;
    for (int k = 0; k < PER_THREAD; ++k) {
        const int i = first + k;
        if (i >= n)
            return;
        float sum = 0.0f;
        for (int t = -kRadius; t <= kRadius; ++t) {
            const int j = min(max(i + t, 0), n - 1);
            sum += filter[t + kRadius] * in[j];
        }
        out[i] = sum;
    }
}
