// A small CUDA application of the kind tunebench-capture is for (issue 37): it builds its own
// data, a real polygon in __constant__ memory with each edge's slope precomputed, and launches
// two kernels with pointers, scalars and the constant arrays. Nothing here knows Tunebench.
//
//   nvcc -O3 -arch=sm_90 -o polygon_app polygon_app.cu && ./polygon_app [points]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kMaxVertices = 64;
__constant__ float c_vx[kMaxVertices];
__constant__ float c_vy[kMaxVertices];
// The slope dx/dy of the edge from vertex i to i + 1, as the crossing test uses it.
__constant__ float c_slope[kMaxVertices];

// Points normalised to the unit square: x' = (x - offset) * scale.
__global__ void normalize_points(float *x, float *y, float offset, float scale, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = (x[i] - offset) * scale;
        y[i] = (y[i] - offset) * scale;
    }
}

// 1 where the point lies inside the polygon (even-odd crossing rule), else 0.
__global__ void point_in_polygon(const float *x, const float *y, int *inside, int n, int vertices)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float px = x[i];
    const float py = y[i];
    int crossings = 0;
    for (int k = 0, j = vertices - 1; k < vertices; j = k++) {
        const bool spans = (c_vy[k] > py) != (c_vy[j] > py);
        if (spans && px < c_vx[k] + (py - c_vy[k]) * c_slope[k == 0 ? vertices - 1 : k - 1])
            crossings ^= 1;
    }
    inside[i] = crossings;
}

static void check(cudaError_t status, const char *what)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
        std::exit(1);
    }
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    // A star of 12 points around (0.5, 0.5): not convex, so the test is a real one.
    const int vertices = 24;
    std::vector<float> vx(kMaxVertices), vy(kMaxVertices), slope(kMaxVertices);
    for (int k = 0; k < vertices; ++k) {
        const double angle = 2 * M_PI * k / vertices;
        const double radius = k % 2 ? 0.2 : 0.45;
        vx[k] = float(0.5 + radius * std::cos(angle));
        vy[k] = float(0.5 + radius * std::sin(angle));
    }
    // Edge k runs from vertex k to k + 1 (the kernel reads slope[j] for the edge j -> k).
    for (int k = 0; k < vertices; ++k) {
        const int next = (k + 1) % vertices;
        slope[k] = (vx[next] - vx[k]) / (vy[next] - vy[k]);
    }
    std::vector<float> x(n), y(n);
    unsigned state = 12345;
    for (int i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        x[i] = 10.0f + 20.0f * float(state >> 8) / float(1 << 24);
        state = state * 1664525u + 1013904223u;
        y[i] = 10.0f + 20.0f * float(state >> 8) / float(1 << 24);
    }
    float *dx, *dy;
    int *dinside;
    check(cudaMalloc(&dx, n * sizeof(float)), "cudaMalloc x");
    check(cudaMalloc(&dy, n * sizeof(float)), "cudaMalloc y");
    check(cudaMalloc(&dinside, n * sizeof(int)), "cudaMalloc inside");
    check(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy x");
    check(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy y");
    check(cudaMemcpyToSymbol(c_vx, vx.data(), kMaxVertices * sizeof(float)), "c_vx");
    check(cudaMemcpyToSymbol(c_vy, vy.data(), kMaxVertices * sizeof(float)), "c_vy");
    check(cudaMemcpyToSymbol(c_slope, slope.data(), kMaxVertices * sizeof(float)), "c_slope");

    const int block = 256;
    const int grid = (n + block - 1) / block;
    normalize_points<<<grid, block>>>(dx, dy, 10.0f, 1.0f / 20.0f, n);
    point_in_polygon<<<grid, block>>>(dx, dy, dinside, n, vertices);
    check(cudaGetLastError(), "launch");
    std::vector<int> inside(n);
    check(cudaMemcpy(inside.data(), dinside, n * sizeof(int), cudaMemcpyDeviceToHost), "copy");
    long count = 0;
    for (int v : inside)
        count += v;
    std::printf("%d points, %ld inside the star (%.4f of them)\n", n, count, double(count) / n);
    return 0;
}
