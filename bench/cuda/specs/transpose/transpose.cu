// A tiled shared-memory matrix transpose, written the textbook way: a TILE x TILE tile read
// row-wise into shared memory (padded by one column against bank conflicts) and written back
// column-wise, by blocks of TILE x ROWS threads, each thread moving TILE / ROWS elements.
// Issue 17's timing question: with 32 x 32 tiles and 1024-thread blocks, does Tunebench's
// back-to-back sampling time it as Nsight Compute's isolated replay does?
extern "C" __global__ void transpose(float *out, const float *in, int n)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < n && y + j < n)
            tile[threadIdx.y + j][threadIdx.x] = in[static_cast<size_t>(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < n && y + j < n)
            out[static_cast<size_t>(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
